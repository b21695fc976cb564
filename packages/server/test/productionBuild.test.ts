// The production bundle (dist/main.js, plain Node, no tsx) scales out like the sources: two built
// instances on PostgreSQL + Redis carry a whole chat between a participant on one and a lawyer on the other.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INSURANCE_NUMBER, DEMO_LAWYERS, DEMO_PASSWORD } from '../src/seed.js';
import { spawnServer, type ChildServer } from './helpers/childServer.js';
import { CookieClient } from './helpers/cookieClient.js';
import { startRequest } from './helpers/flows.js';
import { connectHub, waitUntil, type HubClient } from './helpers/hubClient.js';
import { createTestSchema, type TestSchema } from './helpers/postgres.js';
import { tempDir } from './helpers/testApp.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('production build: two built instances on PostgreSQL + Redis', () => {
  let schema: TestSchema;
  const dataDir = tempDir();
  let a: ChildServer;
  let b: ChildServer;
  let participant: HubClient;
  let lawyer: HubClient;

  beforeAll(async () => {
    execFileSync(process.execPath, ['build/bundle.mjs'], { cwd: serverDir, stdio: 'pipe' });
    schema = await createTestSchema();
    const shared = {
      DATABASE_URL: schema.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `rc-prod-${crypto.randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
      DATA_DIR: dataDir,
    };
    a = await spawnServer(shared, { entry: 'built' });
    await waitUntil(() => (a.output().includes('Demo-Zugänge') ? true : undefined), 'seeding on A', 15_000);
    b = await spawnServer(shared, { entry: 'built' });

    const p = new CookieClient();
    await p.post(`${a.webUrl}/api/authentication/customer`, { InsuranceNumber: Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64'), AgreedPrivacy: true, AgreedTermsOfService: true });
    await p.post(`${a.chatUrl}/api/login`, { Value: (await p.get(`${a.webUrl}/api/chat/session`)).text });
    participant = await connectHub(a.chatUrl, p, { role: 'participant' });

    const l = new CookieClient();
    await l.post(`${b.chatUrl}/api/lawyer/login`, { Email: DEMO_LAWYERS[0].email, Password: DEMO_PASSWORD });
    lawyer = await connectHub(b.chatUrl, l, { role: 'lawyer' });
  }, 90_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should run from dist/main.js without tsx', () => {
    expect(a.process.spawnargs.join(' ')).toContain('dist/main.js');
    expect(a.process.spawnargs.join(' ')).not.toContain('tsx');
  });

  it('should carry a chat from acceptance to close across the two built instances', async () => {
    const ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await waitUntil(() => (lawyer.queueSignals.length > 0 ? true : undefined), 'QueueChanged on B');
    await lawyer.connection.invoke('AcceptChat', ids.ChatId);
    await waitUntil(() => participant.notifications.find((n) => n.Type === 'Joined'), 'Joined on A');

    const question = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Frage aus Instanz A', 'prod-msg-0001');
    await waitUntil(() => lawyer.messages.find((m) => m.Id === question.Id), 'message A → B');
    const answer = await lawyer.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Antwort aus Instanz B', 'prod-msg-0002');
    await waitUntil(() => participant.messages.find((m) => m.Id === answer.Id), 'message B → A');
    expect(participant.messages.filter((m) => m.Id === answer.Id)).toHaveLength(1);
    expect(lawyer.messages.filter((m) => m.Id === question.Id)).toHaveLength(1);

    await lawyer.connection.invoke('CloseChat', ids.ChatId, false);
    await waitUntil(() => participant.notifications.find((n) => n.Type === 'Closed'), 'Closed on A');
  }, 30_000);
});
