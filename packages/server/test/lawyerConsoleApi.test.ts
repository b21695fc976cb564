// The console's own endpoints: the lawyer's active chats (restore after reload), callbacks done/undone,
// "callback requested" in the queue, and the race of two lawyers accepting the same chat.
import type { ActiveChatEntry, CallbackEntry, FinishedChatEntry, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('lawyer console API', () => {
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  const participants: Participant[] = [];

  const newParticipant = async () => {
    const p = await connectParticipant(app);
    participants.push(p);
    return p;
  };

  beforeAll(async () => {
    app = await startTestApp();
    [anna, markus] = await Promise.all([connectLawyer(app, 0), connectLawyer(app, 1)]);
  });

  afterAll(async () => {
    await Promise.all([anna, markus, ...participants].map((p) => p?.hub.stop()));
    await app?.stop();
  });

  const activeChats = async (lawyer: Participant) => (await lawyer.http.get<ActiveChatEntry[]>(`${app.chatUrl}/api/lawyer/chats`)).body;
  const finishedChats = async (lawyer: Participant) => (await lawyer.http.get<FinishedChatEntry[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body;

  it('should list the chats a lawyer holds, with the facts the bot collected, and only to that lawyer', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    expect((await activeChats(anna)).map((c) => c.ChatId)).not.toContain(ids.ChatId);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    const mine = await activeChats(anna);
    expect(mine).toContainEqual(
      expect.objectContaining({
        ChatId: ids.ChatId,
        CaseId: ids.CaseId,
        Description: expect.stringContaining('Vermieter'),
        FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
        Email: 'teilnehmer@example.org',
        VerifiedEmail: true,
      }),
    );
    expect((await activeChats(markus)).map((c) => c.ChatId)).not.toContain(ids.ChatId);
  });

  it('should drop a chat from the active list once it is closed or forwarded', async () => {
    const [first, second] = [await newParticipant(), await newParticipant()];
    const closed = await startChat(first);
    const forwarded = await startChat(second);
    await anna.hub.connection.invoke('AcceptChat', closed.ChatId);
    await anna.hub.connection.invoke('AcceptChat', forwarded.ChatId);
    await anna.hub.connection.invoke('CloseChat', closed.ChatId, false);
    const next = await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', forwarded.ChatId, app.lawyers[1]?.id);
    const ids = (await activeChats(anna)).map((c) => c.ChatId);
    expect(ids).not.toContain(closed.ChatId);
    expect(ids).not.toContain(forwarded.ChatId);
    await markus.hub.connection.invoke('AcceptChat', next.ChatId);
    expect((await activeChats(markus)).map((c) => c.ChatId)).toContain(next.ChatId);
  });

  it('should list the chats a lawyer ended in the last 12 hours, how they ended, only to that lawyer, so a reload shows them again', async () => {
    const [first, second, third, fourth] = [await newParticipant(), await newParticipant(), await newParticipant(), await newParticipant()];
    const phone = await startChat(first);
    const forwarded = await startChat(second);
    const open = await startChat(third);
    const yesterday = await startChat(fourth);
    for (const ids of [phone, forwarded, open, yesterday]) await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    await anna.hub.connection.invoke('CloseChat', phone.ChatId, true);
    const next = await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', forwarded.ChatId, app.lawyers[1]?.id);
    await anna.hub.connection.invoke('CloseChat', yesterday.ChatId, false);
    // Ended 13 hours ago: yesterday's work, not brought back.
    await app.ctx.db
      .updateTable('chats')
      .set({ closed_at: new Date(Date.now() - 13 * 3_600_000).toISOString() })
      .where('id', '=', yesterday.ChatId)
      .execute();

    const mine = await finishedChats(anna);
    const ids = mine.map((c) => c.ChatId);
    expect(ids).toContain(phone.ChatId);
    expect(ids).toContain(forwarded.ChatId);
    expect(ids).not.toContain(open.ChatId);
    expect(ids).not.toContain(yesterday.ChatId);
    expect(mine.find((c) => c.ChatId === phone.ChatId)).toEqual({
      ChatId: phone.ChatId,
      CaseId: phone.CaseId,
      Description: expect.stringContaining('Vermieter'),
      FieldOfLaw: expect.any(Number),
      FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
      Email: 'teilnehmer@example.org',
      VerifiedEmail: true,
      // Retyped in the chat, never confirmed by the protocol mail's link.
      EmailVerifiedByMail: false,
      WaitingSince: expect.any(String),
      AcceptedAt: expect.any(String),
      ClosedAt: expect.any(String),
      Ended: 'closedPhone',
      ForwardedTo: null,
      // No case file was made from it; the client came through the single-insurer default.
      CaseFiles: [],
      InsurerName: null,
    });
    // A forwarded chat names the colleague it went to, so the ended tab says "weitergeleitet an …" after a reload too.
    expect(mine.find((c) => c.ChatId === forwarded.ChatId)).toMatchObject({ Ended: 'forwarded', ForwardedTo: app.lawyers[1]?.name });
    // Finished is not re-opened: the active list stays without them.
    expect((await activeChats(anna)).map((c) => c.ChatId)).not.toContain(phone.ChatId);

    // The colleague sees neither of Anna's chats – only the one they held themselves, once it ended.
    await markus.hub.connection.invoke('AcceptChat', next.ChatId);
    expect((await finishedChats(markus)).map((c) => c.ChatId)).not.toContain(forwarded.ChatId);
    await markus.hub.connection.invoke('CloseChat', next.ChatId, false);
    const his = await finishedChats(markus);
    expect(his.map((c) => c.ChatId)).toContain(next.ChatId);
    expect(his.map((c) => c.ChatId)).not.toContain(phone.ChatId);
    expect(his.find((c) => c.ChatId === next.ChatId)?.Ended).toBe('closed');
    expect((await anna.http.get(`${app.chatUrl}/api/chat/message/for-case/${phone.CaseId}`)).status).toBe(200);
  });

  it('should let exactly one of two lawyers accepting at the same moment take the chat, and tell the other why', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ids = await startChat(await newParticipant());
      const outcomes = await Promise.allSettled([anna.hub.connection.invoke('AcceptChat', ids.ChatId), markus.hub.connection.invoke('AcceptChat', ids.ChatId)]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(String(lost[0]?.reason)).toMatch(/bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen/);
      const holders = [...(await activeChats(anna)), ...(await activeChats(markus))].filter((c) => c.ChatId === ids.ChatId);
      expect(holders).toHaveLength(1);
    }
  });

  it('should refuse a second lawyer accepting a taken chat with the code ChatTaken and the German message in the completion', async () => {
    const ids = await startChat(await newParticipant());
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    const refused = await markus.hub.connection.invoke('AcceptChat', ids.ChatId).then(
      () => null,
      (error: Error) => error.message,
    );
    // The official client hands the completion's error string over as the Error's message, unchanged.
    expect(JSON.parse(String(refused))).toEqual({
      Error: 'ChatTaken',
      Message: 'Dieser Chat wurde bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen.',
    });
  });

  it('should take a waiting chat whose client booked a callback out of the queue (callbackLeavesQueue.test.ts)', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    const before = (await anna.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`)).body.find((q) => q.ChatId === ids.ChatId);
    expect(before?.CallbackRequested).toBe(false);
    await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: '030 1234567', Availability: '24.11.2099, 08:00–12:00 Uhr' });
    const after = (await anna.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`)).body.find((q) => q.ChatId === ids.ChatId);
    expect(after).toBeUndefined();
  });

  it('should mark a callback done and undo it again', async () => {
    const participant = await newParticipant();
    const ids = await startChat(participant);
    await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: '030 7654321', Availability: '25.11.2099, 12:00–16:00 Uhr' });
    const entry = (await anna.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.find((c) => c.ChatId === ids.ChatId);
    expect(entry?.DoneAt).toBeNull();
    expect((await anna.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry?.Id}/done`, { Value: true })).status).toBe(204);
    const done = (await markus.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.find((c) => c.Id === entry?.Id);
    expect(done?.DoneAt).toEqual(expect.any(String));
    // The firm's shared list says who called the client back: the lawyer who marked it, also to colleagues.
    expect(done?.DoneBy).toEqual({ Id: app.lawyers[0]?.id, Name: 'Dr. Anna Berger' });
    expect((await markus.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry?.Id}/done`, { Value: false })).status).toBe(204);
    const undone = (await anna.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.find((c) => c.Id === entry?.Id);
    expect(undone?.DoneAt).toBeNull();
    expect(undone?.DoneBy).toBeNull();
    expect((await markus.http.put(`${app.chatUrl}/api/lawyer/callbacks/${entry?.Id}/done`, { Value: true })).status).toBe(204);
    const again = (await anna.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.find((c) => c.Id === entry?.Id);
    expect(again?.DoneBy).toEqual({ Id: app.lawyers[1]?.id, Name: 'Markus Hoffmann' });
  });

  it('should answer 404 for an unknown callback and 400 for a bad body', async () => {
    const unknown = await anna.http.put(`${app.chatUrl}/api/lawyer/callbacks/gibt-es-nicht/done`, { Value: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ Error: 'NotFound' });
    expect((await anna.http.put(`${app.chatUrl}/api/lawyer/callbacks/gibt-es-nicht/done`, { Value: 'ja' })).status).toBe(400);
  });

  it('should refuse the console endpoints to participants and to callers without a session', async () => {
    const participant = await newParticipant();
    expect((await participant.http.get(`${app.chatUrl}/api/lawyer/chats`)).status).toBe(401);
    expect((await participant.http.get(`${app.chatUrl}/api/lawyer/chats/finished`)).status).toBe(401);
    expect((await participant.http.put(`${app.chatUrl}/api/lawyer/callbacks/x/done`, { Value: true })).status).toBe(401);
    expect((await fetch(`${app.chatUrl}/api/lawyer/chats`)).status).toBe(401);
    expect((await fetch(`${app.chatUrl}/api/lawyer/chats/finished`)).status).toBe(401);
  });
});
