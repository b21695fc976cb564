// The server-side chat lifecycle with two app instances on one PostgreSQL schema and one Redis backplane, on one
// virtual time: both sweep, a chat is closed once (one notice, one closure), a queue change reaches a lawyer on the
// other instance, and an instance that dies without a word (kill -9: no disconnect written, no refresh any more) does
// not keep its client's chat open – the other instance closes it, counting from the last refresh.
import crypto from 'node:crypto';
import type { ChatMessage, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Presence } from '../src/features/chat/lifecycle/presence.js';
import { ABANDON_AFTER_MS, INACTIVITY_TIMEOUT_MS, PRESENCE_REFRESH_MS } from '../src/features/chat/lifecycle/rules.js';
import { CLOSED_ABANDONED_TEXT, CLOSED_BY_TIMEOUT_TEXT } from '../src/features/chat/systemNotices.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { virtualTime, type VirtualTime } from './support/virtualTime.js';

describe('server-side chat lifecycle on two instances (PostgreSQL + Redis)', () => {
  let schema: TestSchema;
  let vt: VirtualTime;
  let a: TestApp;
  let b: TestApp;
  let aStopped = false;
  const open: Participant[] = [];

  beforeAll(async () => {
    schema = await createTestSchema();
    vt = virtualTime('2026-11-30T08:00:00.000Z');
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `rc-lifecycle-${crypto.randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    };
    a = await startTestApp({ clock: vt, scheduler: vt, env });
    b = await startTestApp({ clock: vt, scheduler: vt, env, lawyersFrom: a.lawyers });
  }, 60_000);

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    if (!aStopped) await a?.stop();
    await b?.stop();
    await schema?.drop();
  });

  const chatRow = (chatId: string) => b.ctx.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
  const transcript = async (caseId: string) =>
    (await b.ctx.db.selectFrom('messages').select('text').where('case_id', '=', caseId).orderBy('seq').execute()).map((m) => m.text);
  const participantIdOf = async (caseId: string) =>
    (await b.ctx.db.selectFrom('cases').select('participant_id').where('id', '=', caseId).executeTakeFirstOrThrow()).participant_id;
  const on = async <T extends Participant>(side: Promise<T>) => {
    const ready = await side;
    open.push(ready);
    return ready;
  };

  it('should abandon a waiting chat once although both instances sweep at the same moment, and clear the queue on the other instance', async () => {
    const lawyer = await on(connectLawyer(b));
    const participant = await on(connectParticipant(a));
    const ids: StartJoinResult = await startChat(participant);
    await waitUntil(() => (lawyer.hub.queueSignals.length > 0 ? true : undefined), 'QueueChanged on B');
    const id = await participantIdOf(ids.CaseId);
    await participant.hub.stop();
    await waitUntil(() => (a.lifecycle.presence.connectedHere().includes(id) ? undefined : true), 'disconnect on A');
    await a.lifecycle.presence.settled();
    const signals = lawyer.hub.queueSignals.length;

    vt.jump(ABANDON_AFTER_MS);
    const results = await Promise.all([a.lifecycle.sweep(), b.lifecycle.sweep(), a.lifecycle.sweep(), b.lifecycle.sweep()]);
    expect(results.reduce((sum, r) => sum + r.abandoned, 0)).toBe(1);

    expect(await chatRow(ids.ChatId)).toMatchObject({ state: 'closed', close_reason: 'abandoned' });
    expect((await transcript(ids.CaseId)).filter((t) => t === CLOSED_ABANDONED_TEXT)).toHaveLength(1);
    await waitUntil(() => (lawyer.hub.queueSignals.length > signals ? true : undefined), 'QueueChanged on B after the closure');
    const queue = await lawyer.http.get<QueueEntry[]>(`${b.chatUrl}/api/lawyer/queue`);
    expect(queue.body.map((entry) => entry.ChatId)).not.toContain(ids.ChatId);
  });

  it('should close the lawyer chat of a client whose instance died (kill -9) from the other instance, after the stages, once', async () => {
    const lawyer = await on(connectLawyer(b));
    const participant = await on(connectParticipant(a));
    const ids: StartJoinResult = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Wann haben Sie den Vertrag unterschrieben?');
    const heard: string[] = [];
    lawyer.hub.connection.on('DistributeMessage', (m: ChatMessage) => heard.push(`message:${m.Message}`));
    lawyer.hub.connection.on('SendNotification', (n: { Type: string; Data?: { Reason?: string } | null }) =>
      heard.push(`notification:${n.Type}:${n.Data?.Reason ?? ''}`),
    );
    // A keeps refreshing its client's presence while it runs …
    await vt.advance(3 * PRESENCE_REFRESH_MS + 1_000);
    const id = await participantIdOf(ids.CaseId);
    const lastRefresh = Date.parse(
      (await b.ctx.db.selectFrom('participant_presence').select('last_seen_at').where('participant_id', '=', id).executeTakeFirstOrThrow()).last_seen_at,
    );
    expect(vt.now().getTime() - lastRefresh).toBeLessThan(PRESENCE_REFRESH_MS);

    // … then dies without a word: no disconnect is written, no refresh runs any more (its sockets go down with it).
    (a.lifecycle.presence as { disconnected: Presence['disconnected'] }).disconnected = () => Promise.resolve();
    (a.lifecycle.presence as { refresh: Presence['refresh'] }).refresh = () => Promise.resolve();
    await a.stop();
    aStopped = true;

    // B alone: the count runs from A's last refresh (later than the question), 180 s + 60 s + 30 s.
    vt.jump(lastRefresh + INACTIVITY_TIMEOUT_MS - 1 - vt.now().getTime());
    expect((await b.lifecycle.sweep()).timedOut).toBe(0);
    expect((await chatRow(ids.ChatId)).state).toBe('active');
    vt.jump(1);
    const results = await Promise.all([b.lifecycle.sweep(), b.lifecycle.sweep()]);
    expect(results.reduce((sum, r) => sum + r.timedOut, 0)).toBe(1);

    expect(await chatRow(ids.ChatId)).toMatchObject({ state: 'closed', close_reason: 'timeout' });
    await waitUntil(() => (heard.includes('notification:Closed:Timeout') ? true : undefined), 'Closed at the lawyer on B');
    // B's first sweep after A's death told the lawyer that the client had gone; the closing sweeps say nothing more.
    expect(heard).toEqual(['notification:ClientAway:', `message:${CLOSED_BY_TIMEOUT_TEXT}`, 'notification:Closed:Timeout']);
    expect((await transcript(ids.CaseId)).filter((t) => t === CLOSED_BY_TIMEOUT_TEXT)).toHaveLength(1);
  }, 30_000);
});
