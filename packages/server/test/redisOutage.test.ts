// Two server processes on PostgreSQL + a Redis of their own. While Redis is
// down, sends still succeed (the message is persisted) and reach same-process members; once Redis is back,
// every process makes its clients reconnect and re-read at once, so a message published during the outage
// reaches the live client without waiting for some later reconnect. Official @microsoft/signalr client.
import { MessageType, type StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildServer } from './support/childServer.js';
import { startRequest } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startRedisServer, type RedisServer } from './support/redisServer.js';
import { connectResyncingClient, type ResyncingClient } from './support/resyncingClient.js';
import { signInLawyer, signInParticipant, startTwoInstances, type TwoInstances } from './support/twoInstances.js';

describe('delivery across a Redis outage (two processes, PostgreSQL)', () => {
  let schema: TestSchema;
  let redis: RedisServer;
  let instances: TwoInstances;
  let a: ChildServer;
  let b: ChildServer;
  let participant: ResyncingClient;
  let lawyer: ResyncingClient;
  let ids: StartJoinResult;

  const shows = (client: ResyncingClient, id: string) => (client.transcripts.get(ids.ChatId)?.has(id) ? true : undefined);

  beforeAll(async () => {
    schema = await createTestSchema();
    redis = await startRedisServer();
    instances = await startTwoInstances({ databaseUrl: schema.url, redisUrl: redis.url, redisPrefix: 'rc-outage' });
    ({ a, b } = instances);
    participant = await connectResyncingClient(a.chatUrl, await signInParticipant(a), { role: 'participant' });
    lawyer = await connectResyncingClient(b.chatUrl, await signInLawyer(b), { role: 'lawyer' });

    ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    participant.follow(ids.CaseId);
    lawyer.follow(ids.CaseId);
    await lawyer.connection.invoke('AcceptChat', ids.ChatId);
    const hello = await participant.sendMessage(ids.ChatId, 'Vor dem Ausfall', 'outage-before-1');
    await waitUntil(() => shows(lawyer, hello.Id), 'message A → B before the outage');
  }, 60_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await instances?.stop();
    await redis?.stop();
    await schema?.drop();
  });

  it('should accept sends while Redis is down and deliver them to the live clients at once when it is back', async () => {
    await redis.stop();
    // Both sides keep writing; the sends succeed because the messages are persisted first.
    const fromLawyer = await lawyer.sendMessage(ids.ChatId, 'Während des Ausfalls (Anwalt)', 'outage-during-l');
    const fromParticipant = await participant.sendMessage(ids.ChatId, 'Während des Ausfalls (Mandant)', 'outage-during-p');
    // Each side shows its own message from the completion; the other side's waits for Redis.
    expect(shows(participant, fromParticipant.Id)).toBe(true);
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
    const after = await lawyer.sendMessage(ids.ChatId, 'Nach dem Ausfall', 'outage-after-01');
    await waitUntil(() => shows(participant, after.Id), 'live message B → A after the outage', 10_000);
    // The chat messages, without the system notice that the lawyer joined.
    const texts = [...(participant.transcripts.get(ids.ChatId)?.values() ?? [])].filter((m) => m.Type !== MessageType.Information).map((m) => m.Message);
    expect(texts.sort()).toEqual(['Nach dem Ausfall', 'Vor dem Ausfall', 'Während des Ausfalls (Anwalt)', 'Während des Ausfalls (Mandant)']);
  }, 60_000);
});
