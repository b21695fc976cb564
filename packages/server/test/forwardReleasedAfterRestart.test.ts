// A forwarded chat's hold may run out while no server runs: the first sweep after the restart releases it, and the
// queue still names the colleague who did not take it (chats.released_from_lawyer_id, migration 0049) – the record is
// written by the release, not kept in the memory of the process that forwarded it. Virtual time, SQLite and PostgreSQL.
import type { QueueEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, describe, expect, it } from 'vitest';
import { FORWARD_HOLD_MS } from '../src/features/chat/lifecycle/rules.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, tempDir, type TestApp } from './support/testApp.js';
import { virtualTime } from './support/virtualTime.js';

describe.each(['sqlite', 'postgres'] as const)('a forward hold that runs out during a restart, on %s', (engine) => {
  const open: Participant[] = [];
  const apps: TestApp[] = [];
  let schema: TestSchema | undefined;

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    for (const app of apps) await app.stop();
    await schema?.drop();
  });

  it('should name the colleague who did not take the chat when the hold expires while the server was down', async () => {
    const vt = virtualTime('2026-11-30T08:00:00.000Z');
    if (engine === 'postgres') schema = await createTestSchema();
    const env: Record<string, string> = schema ? { DATABASE_URL: schema.url } : {};
    const dataDir = tempDir();
    const before = await startTestApp({ clock: vt, scheduler: vt, env, dataDir });
    const anna = await connectLawyer(before, 0);
    const participant = await connectParticipant(before);
    const ids = await startChat(participant);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    const forwarded = await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, before.lawyers[1]?.id);
    await anna.hub.stop();
    await participant.hub.stop();
    await before.stop();

    // Down for longer than the hold; the next process releases the chat.
    vt.jump(FORWARD_HOLD_MS + 60_000);
    const after = await startTestApp({ clock: vt, scheduler: vt, env, dataDir, lawyersFrom: before.lawyers });
    apps.push(after);
    expect(await after.lifecycle.releaseForwards()).toBe(1);
    const annaAgain = await connectLawyer(after, 0);
    open.push(annaAgain);
    const queue = (await annaAgain.http.get<QueueEntry[]>(`${after.chatUrl}/api/lawyer/queue`)).body;
    expect(queue.find((e) => e.ChatId === forwarded.ChatId)).toMatchObject({
      AssignedLawyerId: null,
      ForwardedBy: before.lawyers[0]?.name,
      ReleasedFrom: before.lawyers[1]?.name,
    });
  });
});
