// Another participant (or lawyer) gets 404 on every case/chat/file endpoint
// and an error on every hub method, and the owner's data and clients stay untouched.
import type { ChatFileInfo, ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, startRequest, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { PNG_1x1 } from './support/samples.js';

describe("access to another person's case", () => {
  let app: TestApp;
  let owner: Participant;
  let intruder: Participant;
  let lawyer: Participant;
  let otherLawyer: Participant;
  let ids: StartJoinResult;
  let fileId: string;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, intruder, lawyer, otherLawyer] = await Promise.all([
      connectParticipant(app),
      connectParticipant(app),
      connectLawyer(app, 0),
      connectLawyer(app, 1),
    ]);
    ids = await startChat(owner);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await owner.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Vertraulich', 'idor-msg-0001');
    const form = new FormData();
    form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'beleg.png');
    const upload = await owner.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form });
    fileId = ((await upload.json()) as ChatFileInfo).Id;
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
  });

  afterAll(async () => {
    await Promise.all([owner, intruder, lawyer, otherLawyer].map((p) => p?.hub.stop()));
    await app?.stop();
  });

  it("should answer 404 on every chat-host and product endpoint for someone else's ids", async () => {
    const h = intruder.http;
    const attempts = await Promise.all([
      h.get(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`),
      h.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`),
      h.get(`${app.chatUrl}/api/chat/file/${fileId}`),
      h.put(`${app.chatUrl}/api/chat/file/revoke-file-forwarding/${ids.ChatId}`),
      h.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: '030 1234567', Availability: '24.11.2099, 08:00–12:00 Uhr' }),
      h.get(`${app.chatUrl}/api/chat/agent/image/${ids.ChatId}/${app.lawyers[0]?.id}`),
      h.post(`${app.webUrl}/api/chat/protocol/${ids.CaseId}`, { Value: 'angreifer@example.org' }),
      h.post(`${app.webUrl}/api/chat/rating`, { CaseId: ids.CaseId, Stars: 1 }),
      h.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '030 1234567' }),
      h.post(`${app.webUrl}/api/chat/usage-confirmation`, { CaseId: ids.CaseId }),
    ]);
    expect(attempts.map((a) => a.status)).toEqual(Array(attempts.length).fill(404));
    const form = new FormData();
    form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'x.png');
    expect((await h.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form })).status).toBe(404);
  });

  it("should refuse every participant hub method on someone else's chat or case", async () => {
    const c = intruder.hub.connection;
    await expect(c.invoke('JoinLatestChat', ids.CaseId)).rejects.toThrow(/nicht gefunden/);
    await expect(c.invoke('SendMessage', ids.ChatId, 'Eingeschleust', 'idor-evil-001')).rejects.toThrow(/nicht gefunden/);
    await expect(c.invoke('SendTypingNotification', ids.ChatId)).rejects.toThrow(/nicht gefunden/);
    await expect(c.invoke('CloseChatByTimeout', ids.ChatId)).rejects.toThrow(/nicht gefunden/);
    await expect(c.invoke('AcceptChat', ids.ChatId)).rejects.toThrow(/nicht zur Verfügung/);
    await expect(c.invoke('SendMessage', { $regex: '.*' }, 'x')).rejects.toThrow(/Ungültiges Argument/);
  });

  it('should refuse a lawyer who is not assigned to the chat', async () => {
    await expect(otherLawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Fremd', 'idor-lawyer-01')).rejects.toThrow(/nicht gefunden/);
    await expect(otherLawyer.hub.connection.invoke('CloseChat', ids.ChatId, false)).rejects.toThrow(/nicht gefunden/);
    expect((await otherLawyer.http.get(`${app.chatUrl}/api/chat/file/${fileId}`)).status).toBe(404);
    expect((await otherLawyer.http.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(404);
  });

  it("should leave the owner's case unchanged and deliver nothing to it", async () => {
    const messages = await owner.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(messages.body.map((m) => m.Message)).toEqual([expect.stringContaining('ist dem Chat beigetreten'), 'Vertraulich', 'beleg.png']);
    expect(owner.hub.messages.some((m) => m.Message === 'Eingeschleust')).toBe(false);
    expect((await app.ctx.db.selectFrom('ratings').selectAll().execute()).length).toBe(0);
    expect((await owner.http.get(`${app.chatUrl}/api/chat/file/${fileId}`)).status).toBe(200);
  });

  it("should keep two participants' chats apart", async () => {
    const theirs = await intruder.hub.connection.invoke<StartJoinResult>('StartChat', startRequest('Eine ganz andere Frage zum Arbeitsvertrag, bitte.'));
    await lawyer.hub.connection.invoke('AcceptChat', theirs.ChatId);
    const sent = await lawyer.hub.connection.invoke<ChatMessage>('SendMessage', theirs.ChatId, 'Nur für den zweiten Teilnehmer', 'idor-sep-0001');
    await waitUntil(() => intruder.hub.messages.find((m) => m.Id === sent.Id), 'message at its participant');
    expect(owner.hub.messages.some((m) => m.Id === sent.Id)).toBe(false);
  });
});
