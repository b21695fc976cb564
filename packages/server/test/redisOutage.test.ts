// Issue 11 point 10 / SECURITY K5: two server processes on PostgreSQL + a Redis of their own. While Redis is
// down, sends still succeed (the message is persisted) and reach same-process members; once Redis is back,
// every process makes its clients reconnect and re-read at once, so a message published during the outage
// reaches the live client without waiting for some later reconnect. Official @microsoft/signalr client.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { MessageType, type ChatMessage, type StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INSURANCE_NUMBER, DEMO_LAWYERS, DEMO_PASSWORD } from '../src/seed.js';
import { spawnServer, type ChildServer } from './helpers/childServer.js';
import { CookieClient } from './helpers/cookieClient.js';
import { startRequest } from './helpers/flows.js';
import { waitUntil } from './helpers/hubClient.js';
import { createTestSchema, type TestSchema } from './helpers/postgres.js';
import { startRedisServer, type RedisServer } from './helpers/redisServer.js';
import { connectResyncingClient, type ResyncingClient } from './helpers/resyncingClient.js';
import { tempDir } from './helpers/testApp.js';

describe('delivery across a Redis outage (two processes, PostgreSQL)', () => {
  let schema: TestSchema;
  let redis: RedisServer;
  const dirs = [tempDir(), tempDir()];
  let a: ChildServer;
  let b: ChildServer;
  let participant: ResyncingClient;
  let lawyer: ResyncingClient;
  let ids: StartJoinResult;

  const shows = (client: ResyncingClient, id: string) => (client.transcripts.get(ids.ChatId)?.has(id) ? true : undefined);

  beforeAll(async () => {
    schema = await createTestSchema();
    redis = await startRedisServer();
    const shared = { DATABASE_URL: schema.url, REDIS_URL: redis.url, REDIS_PREFIX: `rc-outage-${crypto.randomBytes(4).toString('hex')}:`, SESSION_SECRET: crypto.randomBytes(24).toString('hex') };
    a = await spawnServer({ ...shared, DATA_DIR: dirs[0] ?? '' });
    await waitUntil(() => (a.output().includes('Demo-Zugänge') ? true : undefined), 'seeding on A', 15_000);
    b = await spawnServer({ ...shared, DATA_DIR: dirs[1] ?? '' });

    const p = new CookieClient();
    await p.post(`${a.webUrl}/api/authentication/customer`, { InsuranceNumber: Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64'), AgreedPrivacy: true, AgreedTermsOfService: true });
    await p.post(`${a.chatUrl}/api/login`, { Value: (await p.get(`${a.webUrl}/api/chat/session`)).text });
    participant = await connectResyncingClient(a.chatUrl, p, { role: 'participant' });
    const l = new CookieClient();
    await l.post(`${b.chatUrl}/api/lawyer/login`, { Email: DEMO_LAWYERS[0].email, Password: DEMO_PASSWORD });
    lawyer = await connectResyncingClient(b.chatUrl, l, { role: 'lawyer' });

    ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    participant.follow(ids.CaseId);
    lawyer.follow(ids.CaseId);
    await lawyer.connection.invoke('AcceptChat', ids.ChatId);
    const hello = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Vor dem Ausfall', 'outage-before-1');
    await waitUntil(() => shows(lawyer, hello.Id), 'message A → B before the outage');
  }, 60_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await schema?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should accept sends while Redis is down and deliver them to the live clients at once when it is back', async () => {
    await redis.stop();
    // Both sides keep writing; the sends succeed because the messages are persisted first.
    const fromLawyer = await lawyer.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Während des Ausfalls (Anwalt)', 'outage-during-l');
    const fromParticipant = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Während des Ausfalls (Mandant)', 'outage-during-p');
    // Same-process members still hear each other: the sender's own echo arrives without Redis.
    await waitUntil(() => shows(participant, fromParticipant.Id), 'own echo on A during the outage');
    expect(shows(participant, fromLawyer.Id)).toBeUndefined();
    const reconnectsBefore = participant.stats.reconnects + lawyer.stats.reconnects;

    await redis.start();
    const restoredAt = Date.now();
    // No client action: the processes detect the recovery and make their clients resync.
    await waitUntil(() => shows(participant, fromLawyer.Id), 'lawyer message on A after Redis is back', 10_000);
    await waitUntil(() => shows(lawyer, fromParticipant.Id), 'participant message on B after Redis is back', 10_000);
    expect(Date.now() - restoredAt).toBeLessThan(5_000);
    expect(participant.stats.reconnects + lawyer.stats.reconnects).toBeGreaterThan(reconnectsBefore);

    // And live delivery across processes works again.
    const after = await lawyer.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Nach dem Ausfall', 'outage-after-01');
    await waitUntil(() => shows(participant, after.Id), 'live message B → A after the outage', 10_000);
    // The chat messages, without the system notice that the lawyer joined.
    const texts = [...(participant.transcripts.get(ids.ChatId)?.values() ?? [])].filter((m) => m.Type !== MessageType.Information).map((m) => m.Message);
    expect(texts.sort()).toEqual(['Nach dem Ausfall', 'Vor dem Ausfall', 'Während des Ausfalls (Anwalt)', 'Während des Ausfalls (Mandant)']);
  }, 60_000);
});
