// A lawyer's console may go away while the lawyer holds a chat (tab closed, crash, network gone, sessions ended); the
// client, still connected, would wait forever. After LAWYER_AWAY_MS with no console of that lawyer on the hub the chat
// goes to every lawyer's queue, as a forward to nobody in particular, with a notice to the client. Virtual time, on
// SQLite and PostgreSQL.
import type { ChatMessage, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { lawyerAwayText, releaseChatsOfAwayLawyers } from '../src/features/chat/lifecycle/lawyerAway.js';
import { LAWYER_AWAY_MS, SWEEP_INTERVAL_MS } from '../src/features/chat/lifecycle/rules.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { virtualTime, type VirtualTime } from './support/virtualTime.js';

describe.each(['sqlite', 'postgres'] as const)('a chat whose lawyer is away, on %s', (engine) => {
  const vt: VirtualTime = virtualTime('2026-12-01T08:00:00.000Z');
  const on = engineAppWithLawyer(engine, { clock: vt, scheduler: vt });

  const queueOf = async (lawyer: Participant) => (await lawyer.http.get<QueueEntry[]>(`${on.app.chatUrl}/api/lawyer/queue`)).body;
  const transcriptOf = async (participant: Participant, caseId: string) =>
    (await participant.http.get<ChatMessage[]>(`${on.app.chatUrl}/api/chat/message/for-case/${caseId}`)).body;
  const chatRow = (chatId: string) => on.app.ctx.db.selectFrom('chats').select(['state', 'lawyer_id']).where('id', '=', chatId).executeTakeFirstOrThrow();
  const markusId = () => on.app.lawyers[1]?.id ?? '';

  /** Markus (lawyer 1) takes a client's chat on his console. */
  async function chatTakenByMarkus(): Promise<{ participant: Participant; markus: Participant; ids: StartJoinResult }> {
    const markus = await connectLawyer(on.app, 1);
    on.keep(markus);
    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const ids = await startChat(participant);
    await markus.hub.connection.invoke('AcceptChat', ids.ChatId);
    return { participant, markus, ids };
  }

  /** His console goes away (the server sees the connection close and writes the last sighting). */
  async function consoleGone(markus: Participant): Promise<void> {
    await markus.hub.stop();
    await waitUntil(() => (on.app.lifecycle.lawyerPresence.connectedHere().includes(markusId()) ? undefined : true), 'disconnect seen by the server');
    await on.app.lifecycle.lawyerPresence.settled();
  }

  it('should give the chat of a lawyer whose console is gone to every lawyer after the away time, and tell the client why', async () => {
    const anna = on.lawyer;
    const { participant, markus, ids } = await chatTakenByMarkus();
    await consoleGone(markus);

    vt.jump(LAWYER_AWAY_MS - 1);
    await on.app.lifecycle.releaseAwayLawyers();
    expect(await chatRow(ids.ChatId)).toEqual({ state: 'active', lawyer_id: markusId() });

    const signalsBefore = anna.hub.queueSignals.length;
    vt.jump(1);
    expect(await on.app.lifecycle.releaseAwayLawyers()).toBeGreaterThanOrEqual(1);
    expect((await chatRow(ids.ChatId)).state).toBe('forwarded');
    // The client follows the chat to its successor, as after a forward, and reads why.
    const forwarded = await waitUntil(
      () => participant.hub.notifications.find((n) => n.ChatId === ids.ChatId && n.Type === 'Forwarded'),
      'Forwarded to the client',
    );
    const newChatId = forwarded.Data?.NewChatId ?? '';
    expect(newChatId).not.toBe('');
    const notice = lawyerAwayText(on.app.lawyers[1]?.name ?? '');
    expect(notice).toBe(
      `${on.app.lawyers[1]?.name} ist gerade nicht erreichbar. Ihr Chat geht deshalb an die nächste freie Anwältin oder den nächsten freien Anwalt.`,
    );
    await waitUntil(() => participant.hub.messages.find((m) => m.Message === notice), 'the notice, live');
    // In every lawyer's queue, for anyone to take.
    await waitUntil(() => (anna.hub.queueSignals.length > signalsBefore ? true : undefined), 'QueueChanged to the lawyers');
    expect((await queueOf(anna)).find((e) => e.ChatId === newChatId)).toMatchObject({ AssignedLawyerId: null });
    await anna.hub.connection.invoke('AcceptChat', newChatId);
    // Released again (by this or another process): nothing more happens, the notice stands once.
    await on.app.lifecycle.releaseAwayLawyers();
    expect(await chatRow(newChatId)).toEqual({ state: 'active', lawyer_id: on.app.lawyers[0]?.id });
    expect((await transcriptOf(participant, ids.CaseId)).filter((m) => m.Message === notice)).toHaveLength(1);
    // Anna corrects the field of law; Markus handed the case on, so he keeps the one of the release.
    const { field_of_law: released } = await on.app.ctx.db.selectFrom('cases').select('field_of_law').where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    const corrected = released === 10 ? 3 : 10;
    expect((await anna.http.put(`${on.app.chatUrl}/api/lawyer/chats/${newChatId}/field-of-law`, { FieldOfLaw: corrected })).status).toBe(200);
    // Markus's console, when it comes back, lists the chat as forwarded, with the field of law of the release.
    const back = await connectLawyer(on.app, 1);
    on.keep(back);
    const finished = (await back.http.get<{ ChatId: string; Ended: string }[]>(`${on.app.chatUrl}/api/lawyer/chats/finished`)).body;
    expect(finished.find((c) => c.ChatId === ids.ChatId)).toMatchObject({ Ended: 'forwarded', FieldOfLaw: Number(released) });
    await back.hub.stop();
  });

  it('should list a released chat as come back from the away lawyer, waiting since his last answer and placed by it', async () => {
    const anna = on.lawyer;
    const { participant, markus, ids } = await chatTakenByMarkus();
    vt.jump(60_000);
    await markus.hub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag, ich sehe mir Ihre Frage an.');
    const answeredAt = vt.now().toISOString();
    vt.jump(60_000);
    // Another client asks after Markus's answer: in the queue already when Markus's chat comes back.
    const later = await connectParticipant(on.app);
    on.keep(later);
    const laterIds = await startChat(later);
    await consoleGone(markus);
    vt.jump(LAWYER_AWAY_MS);
    await on.app.lifecycle.releaseAwayLawyers();
    const forwarded = await waitUntil(
      () => participant.hub.notifications.find((n) => n.ChatId === ids.ChatId && n.Type === 'Forwarded'),
      'Forwarded to the client',
    );
    const newChatId = forwarded.Data?.NewChatId ?? '';

    const queue = await queueOf(anna);
    const returned = queue.find((e) => e.ChatId === newChatId);
    // Nobody forwarded it: the entry names Markus as the lawyer who was away, and the client waits since his answer.
    expect(returned).toMatchObject({ ReturnedFrom: on.app.lawyers[1]?.name, ForwardedBy: null, AssignedLawyerId: null, WaitingSince: answeredAt });
    // Listed by that wait, ahead of the client who asked later, and the clients hear the same places.
    expect(queue.findIndex((e) => e.ChatId === newChatId)).toBeLessThan(queue.findIndex((e) => e.ChatId === laterIds.ChatId));
    const placeOf = (client: Participant, chatId: string) =>
      client.hub.notifications.filter((n) => n.ChatId === chatId && n.Type === 'QueuePosition').at(-1)?.Data?.Position;
    await waitUntil(() => (placeOf(participant, newChatId) !== undefined ? true : undefined), "the returned chat's place");
    await waitUntil(() => ((placeOf(later, laterIds.ChatId) ?? 0) > (placeOf(participant, newChatId) ?? 0) ? true : undefined), 'the later client behind it');
    // A chat that was really forwarded still says by whom, and waits since the forward.
    await anna.hub.connection.invoke('AcceptChat', newChatId);
    vt.jump(60_000);
    const forwardedAt = vt.now().toISOString();
    await anna.hub.connection.invoke('ForwardChat', newChatId, markusId());
    const again = await connectLawyer(on.app, 1);
    on.keep(again);
    const forwardedEntry = (await queueOf(again)).find((e) => e.CaseId === ids.CaseId);
    expect(forwardedEntry).toMatchObject({ ForwardedBy: on.app.lawyers[0]?.name, WaitingSince: forwardedAt });
    expect(forwardedEntry).not.toHaveProperty('ReturnedFrom');
    await again.hub.connection.invoke('AcceptChat', forwardedEntry?.ChatId);
    await again.hub.connection.invoke('CloseChat', forwardedEntry?.ChatId);
    await again.hub.stop();
    await anna.hub.connection.invoke('AcceptChat', laterIds.ChatId);
    await anna.hub.connection.invoke('CloseChat', laterIds.ChatId);
  });

  it('should leave the chat to a lawyer whose console comes back within the away time', async () => {
    const { ids, markus } = await chatTakenByMarkus();
    await consoleGone(markus);
    vt.jump(LAWYER_AWAY_MS - SWEEP_INTERVAL_MS);
    const again = await connectLawyer(on.app, 1);
    on.keep(again);
    await on.app.lifecycle.lawyerPresence.settled();
    vt.jump(2 * SWEEP_INTERVAL_MS);
    await on.app.lifecycle.releaseAwayLawyers();
    expect(await chatRow(ids.ChatId)).toEqual({ state: 'active', lawyer_id: markusId() });
    // Still there long after, while the console stays (the scheduled refresh keeps the sighting fresh).
    await vt.advance(2 * LAWYER_AWAY_MS);
    expect(await chatRow(ids.ChatId)).toEqual({ state: 'active', lawyer_id: markusId() });
    await again.hub.connection.invoke('CloseChat', ids.ChatId);
    await again.hub.stop();
  });

  it('should not release a chat at once after a restart: not one accepted after it, nor any in the first away time of a process', async () => {
    const { ids, markus } = await chatTakenByMarkus();
    await markus.hub.connection.invoke('CloseChat', ids.ChatId);
    // The server is down longer than the away time: nobody refreshes the sighting written when Markus connected.
    vt.jump(2 * LAWYER_AWAY_MS);
    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const next = await startChat(participant);
    await markus.hub.connection.invoke('AcceptChat', next.ChatId);
    await on.app.lifecycle.releaseAwayLawyers();
    expect(await chatRow(next.ChatId)).toEqual({ state: 'active', lawyer_id: markusId() });
    // Released only once the away time has passed since the acceptance, with the console gone.
    await consoleGone(markus);
    vt.jump(LAWYER_AWAY_MS);
    // A process that has just started (after a downtime: every sighting is old) waits the away time before any release.
    expect(await releaseChatsOfAwayLawyers(on.app.ctx, vt.now())).toBe(0);
    expect((await chatRow(next.ChatId)).state).toBe('active');
    await on.app.lifecycle.releaseAwayLawyers();
    expect((await chatRow(next.ChatId)).state).toBe('forwarded');
  });

  it('should release on its own schedule, within one sweep interval after the away time', async () => {
    const { ids, markus } = await chatTakenByMarkus();
    await consoleGone(markus);
    await vt.advance(LAWYER_AWAY_MS - SWEEP_INTERVAL_MS);
    expect((await chatRow(ids.ChatId)).state).toBe('active');
    await vt.advance(2 * SWEEP_INTERVAL_MS);
    expect((await chatRow(ids.ChatId)).state).toBe('forwarded');
  });
});
