import type { ChatMessage, FinishedChatEntry, QueueEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { engineAppWithLawyer } from './support/engineApp.js';

describe('forwarding a chat to a second lawyer', () => {
  let app: TestApp;
  let participant: Participant;
  let first: Participant;
  let second: Participant;
  let ids: StartJoinResult;
  let newChatId: string;

  beforeAll(async () => {
    app = await startTestApp();
    [participant, first, second] = await Promise.all([connectParticipant(app), connectLawyer(app, 0), connectLawyer(app, 1)]);
    ids = await startChat(participant);
    await first.hub.connection.invoke('AcceptChat', ids.ChatId);
    await participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Frage an die erste Anwältin', 'fwd-msg-0001');
    await first.hub.connection.invoke('SendMessage', ids.ChatId, 'Ich gebe Sie an meinen Kollegen weiter.', 'fwd-msg-0000');
  });

  afterAll(async () => {
    await Promise.all([participant, first, second].map((p) => p?.hub.stop()));
    await app?.stop();
  });

  it('should tell the participant the new chat id and continue in the same case', async () => {
    const result = await first.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, app.lawyers[1]?.id);
    expect(result.CaseId).toBe(ids.CaseId);
    newChatId = result.ChatId;
    const forwarded = await waitUntil(() => participant.hub.notifications.find((n) => n.Type === 'Forwarded'), 'Forwarded');
    expect(forwarded).toEqual({ ChatId: ids.ChatId, Type: 'Forwarded', Data: { NewChatId: newChatId, LawyerName: 'Markus Hoffmann' } });
    // The forwarding lawyer's consoles (this one and any other device) learn the colleague's name the same way.
    const atFirst = await waitUntil(() => first.hub.notifications.find((n) => n.Type === 'Forwarded'), 'Forwarded at the first lawyer');
    expect(atFirst.Data?.LawyerName).toBe('Markus Hoffmann');
    const notice = await waitUntil(() => participant.hub.messages.find((m) => m.Type === 5), 'forward notice');
    expect(notice.Message).toContain('Markus Hoffmann');
  });

  it('should offer the forwarded chat only to the chosen lawyer', async () => {
    const forSecond = await second.http.get<{ ChatId: string }[]>(`${app.chatUrl}/api/lawyer/queue`);
    const forFirst = await first.http.get<{ ChatId: string }[]>(`${app.chatUrl}/api/lawyer/queue`);
    expect(forSecond.body.map((e) => e.ChatId)).toEqual([newChatId]);
    expect(forFirst.body).toEqual([]);
    await expect(first.hub.connection.invoke('AcceptChat', newChatId)).rejects.toThrow(/nicht gefunden/);
  });

  it("should name the forwarding lawyer in the colleague's queue", async () => {
    const forSecond = await second.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`);
    expect(forSecond.body.map((e) => [e.ChatId, e.AssignedLawyerId, e.ForwardedBy])).toEqual([[newChatId, app.lawyers[1]?.id, app.lawyers[0]?.name]]);
  });

  it('should let the second lawyer chat with the participant and read the earlier messages', async () => {
    await second.hub.connection.invoke('AcceptChat', newChatId);
    await waitUntil(() => participant.hub.notifications.find((n) => n.Type === 'Joined' && n.ChatId === newChatId), 'Joined on new chat');
    const answer = await second.hub.connection.invoke<ChatMessage>('SendMessage', newChatId, 'Ich übernehme Ihren Fall.', 'fwd-msg-0002');
    await waitUntil(() => participant.hub.messages.find((m) => m.Id === answer.Id), 'answer of second lawyer');
    const reply = await participant.hub.connection.invoke<ChatMessage>('SendMessage', newChatId, 'Danke schön!', 'fwd-msg-0003');
    await waitUntil(() => second.hub.messages.find((m) => m.Id === reply.Id), 'reply at second lawyer');
    const history = await second.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(history.body.map((m) => m.Message)).toEqual([
      expect.stringContaining('ist dem Chat beigetreten'),
      'Frage an die erste Anwältin',
      'Ich gebe Sie an meinen Kollegen weiter.',
      expect.stringContaining('weitergeleitet'),
      expect.stringContaining('ist dem Chat beigetreten'),
      'Ich übernehme Ihren Fall.',
      'Danke schön!',
    ]);
  });

  it('should show the forwarding lawyer the transcript only up to the forward, not what the client and the colleague write afterwards', async () => {
    const history = await first.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(history.status).toBe(200);
    expect(history.body.map((m) => m.Message)).toEqual([
      expect.stringContaining('ist dem Chat beigetreten'),
      'Frage an die erste Anwältin',
      'Ich gebe Sie an meinen Kollegen weiter.',
      expect.stringContaining('weitergeleitet'),
    ]);
    // The notice of the forward is the new chat's first line; nothing of that chat after it.
    expect(history.body.at(-1)?.ChatId).toBe(newChatId);
  });

  it("should name every stored message's author kind, so the second lawyer tells the colleague's answer from the client's", async () => {
    const history = await second.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    const kindOf = (text: string) => history.body.find((m) => m.Message === text)?.AuthorKind;
    expect(kindOf('Frage an die erste Anwältin')).toBe('participant');
    expect(kindOf('Ich gebe Sie an meinen Kollegen weiter.')).toBe('lawyer');
    expect(kindOf('Ich übernehme Ihren Fall.')).toBe('lawyer');
    expect(kindOf('Danke schön!')).toBe('participant');
    expect(history.body.find((m) => m.Type === 5)?.AuthorKind).toBe('system');
    const live = second.hub.messages.find((m) => m.Message === 'Danke schön!');
    expect(live?.AuthorKind).toBe('participant');
  });

  it('should refuse messages from the first lawyer into the old chat', async () => {
    await expect(first.hub.connection.invoke('SendMessage', ids.ChatId, 'Noch etwas', 'fwd-msg-0004')).rejects.toThrow(/nicht aktiv/);
    expect(first.hub.messages.some((m) => m.Message === 'Danke schön!')).toBe(false);
  });
});

describe.each(['sqlite', 'postgres'] as const)("the forwarding lawyer's finished chats on %s", (engine) => {
  const setup = engineAppWithLawyer(engine);

  it('should name the colleague a chat was forwarded to, so the ended tab says it after a reload', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const forwarded = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', forwarded.ChatId);
    await lawyer.hub.connection.invoke('ForwardChat', forwarded.ChatId, app.lawyers[1]?.id);
    const finished = (await lawyer.http.get<FinishedChatEntry[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body;
    expect(finished.find((c) => c.ChatId === forwarded.ChatId)).toMatchObject({ Ended: 'forwarded', ForwardedTo: app.lawyers[1]?.name });
  });
});

describe.each(['sqlite', 'postgres'] as const)("the colleague's queue on %s", (engine) => {
  const setup = engineAppWithLawyer(engine);

  it('should list the chats forwarded to the lawyer first, before clients who waited longer, each group oldest first', async () => {
    const { app, lawyer } = setup;
    const colleague = await connectLawyer(app, 1);
    const [walkIn, older, newer] = await Promise.all([connectParticipant(app), connectParticipant(app), connectParticipant(app)]);
    setup.keep(colleague, walkIn, older, newer);
    // A walk-in client waits first; then two chats are taken and forwarded to the colleague, one after the other.
    const waiting = await startChat(walkIn);
    const forwardedIds: string[] = [];
    for (const client of [older, newer]) {
      const ids = await startChat(client);
      await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
      forwardedIds.push((await lawyer.hub.connection.invoke<{ ChatId: string }>('ForwardChat', ids.ChatId, app.lawyers[1]?.id)).ChatId);
    }
    const queue = (await colleague.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`)).body;
    expect(queue.map((e) => e.ChatId)).toEqual([...forwardedIds, waiting.ChatId]);
    // The lawyer who forwarded them sees only the walk-in client.
    expect((await lawyer.http.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`)).body.map((e) => e.ChatId)).toEqual([waiting.ChatId]);
  });
});
