// DESIGN §4 scale-out: two server processes share PostgreSQL and a Redis backplane; a
// participant on process A and a lawyer on process B chat both ways.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INSURANCE_NUMBER, DEMO_LAWYERS, DEMO_PASSWORD } from '../src/seed.js';
import { spawnServer, type ChildServer } from './helpers/childServer.js';
import { CookieClient } from './helpers/cookieClient.js';
import { startRequest } from './helpers/flows.js';
import { connectHub, waitUntil, type HubClient } from './helpers/hubClient.js';
import { createTestSchema, type TestSchema } from './helpers/postgres.js';
import { tempDir } from './helpers/testApp.js';

describe('two processes behind one Redis backplane', () => {
  let schema: TestSchema;
  const dirs = [tempDir(), tempDir()];
  let a: ChildServer;
  let b: ChildServer;
  let participant: HubClient;
  let lawyer: HubClient;

  beforeAll(async () => {
    schema = await createTestSchema();
    const shared = { DATABASE_URL: schema.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `rc-test-${crypto.randomBytes(4).toString('hex')}:`, SESSION_SECRET: crypto.randomBytes(24).toString('hex') };
    a = await spawnServer({ ...shared, DATA_DIR: dirs[0] ?? '' });
    await waitUntil(() => (a.output().includes('Demo-Zugänge') ? true : undefined), 'seeding on A', 15_000);
    b = await spawnServer({ ...shared, DATA_DIR: dirs[1] ?? '' });

    const p = new CookieClient();
    await p.post(`${a.webUrl}/api/authentication/customer`, { InsuranceNumber: Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64'), AgreedPrivacy: true, AgreedTermsOfService: true });
    await p.post(`${a.chatUrl}/api/login`, { Value: (await p.get(`${a.webUrl}/api/chat/session`)).text });
    participant = await connectHub(a.chatUrl, p, { role: 'participant' });

    const l = new CookieClient();
    await l.post(`${b.chatUrl}/api/lawyer/login`, { Email: DEMO_LAWYERS[0].email, Password: DEMO_PASSWORD });
    lawyer = await connectHub(b.chatUrl, l, { role: 'lawyer' });
  }, 60_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should carry queue signal, join notice and messages across processes', async () => {
    const ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await waitUntil(() => (lawyer.queueSignals.length > 0 ? true : undefined), 'QueueChanged on B');
    await lawyer.connection.invoke('AcceptChat', ids.ChatId);
    await waitUntil(() => participant.notifications.find((n) => n.Type === 'Joined'), 'Joined on A');

    const question = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Hallo von Prozess A', 'scale-msg-0001');
    await waitUntil(() => lawyer.messages.find((m) => m.Id === question.Id), 'message A → B');
    const answer = await lawyer.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Antwort von Prozess B', 'scale-msg-0002');
    const received = await waitUntil(() => participant.messages.find((m) => m.Id === answer.Id), 'message B → A');
    expect(received.Message).toBe('Antwort von Prozess B');
    expect(participant.messages.filter((m) => m.Id === answer.Id)).toHaveLength(1);
  }, 30_000);
});
