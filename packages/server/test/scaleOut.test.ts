// Scale-out: two server processes share PostgreSQL and a Redis backplane; a
// participant on process A and a lawyer on process B chat both ways.
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRequest } from './support/flows.js';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { signInLawyer, signInParticipant, startTwoInstances, type TwoInstances } from './support/twoInstances.js';

describe('two processes behind one Redis backplane', () => {
  let schema: TestSchema;
  let instances: TwoInstances;
  let participant: HubClient;
  let lawyer: HubClient;

  beforeAll(async () => {
    schema = await createTestSchema();
    instances = await startTwoInstances({ databaseUrl: schema.url, redisPrefix: 'rc-test' });
    participant = await connectHub(instances.a.chatUrl, await signInParticipant(instances.a), { role: 'participant' });
    lawyer = await connectHub(instances.b.chatUrl, await signInLawyer(instances.b), { role: 'lawyer' });
  }, 60_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await instances?.stop();
    await schema?.drop();
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
