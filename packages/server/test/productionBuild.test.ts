// The production bundle (dist/main.js, plain Node, no tsx) scales out like the sources: two built
// instances on PostgreSQL + Redis carry a whole chat between a participant on one and a lawyer on the other.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRequest } from './helpers/flows.js';
import { connectHub, waitUntil, type HubClient } from './helpers/hubClient.js';
import { createTestSchema, type TestSchema } from './helpers/postgres.js';
import { signInLawyer, signInParticipant, startTwoInstances, type TwoInstances } from './helpers/twoInstances.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('production build: two built instances on PostgreSQL + Redis', () => {
  let schema: TestSchema;
  let instances: TwoInstances;
  let participant: HubClient;
  let lawyer: HubClient;

  beforeAll(async () => {
    execFileSync(process.execPath, ['build/bundle.mjs'], { cwd: serverDir, stdio: 'pipe' });
    schema = await createTestSchema();
    instances = await startTwoInstances({ databaseUrl: schema.url, redisPrefix: 'rc-prod', entry: 'built', sharedDataDir: true });
    participant = await connectHub(instances.a.chatUrl, await signInParticipant(instances.a), { role: 'participant' });
    lawyer = await connectHub(instances.b.chatUrl, await signInLawyer(instances.b), { role: 'lawyer' });
  }, 90_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await instances?.stop();
    await schema?.drop();
  });

  it('should run from dist/main.js without tsx', () => {
    expect(instances.a.process.spawnargs.join(' ')).toContain('dist/main.js');
    expect(instances.a.process.spawnargs.join(' ')).not.toContain('tsx');
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
