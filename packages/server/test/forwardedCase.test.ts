// After handing a chat on (found from outside, 2026-12-06): the lawyer who forwarded it keeps reading what existed up to
// the forward and changes nothing about the case any more – the colleague holds it now. Over real HTTP and the hub:
// the case's status (404 like an unknown case), the case files the colleague makes afterwards (not named), the field
// of law and a case file from the chat (403 ChatForwarded), the colleague's picture and typing into the old chat.
import type { ActiveChatEntry, CaseStatus, ChatCaseFile, CreateCaseFileResult, FinishedChatEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const HANDED_ON = {
  Error: 'ChatForwarded',
  Message: 'Sie haben diesen Chat weitergeleitet. Änderungen am Fall nimmt jetzt die Kollegin oder der Kollege vor, die oder der ihn übernommen hat.',
};

describe('the case after its chat was forwarded', () => {
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  let client: Participant;
  let ids: StartJoinResult;
  let newChatId: string;
  let annasFile: CreateCaseFileResult;
  let fieldOfLawAtStart: { FieldOfLaw: number; FieldOfLawLongName: string };

  const caseFileRequest = () => ({ FirstName: 'Max', LastName: 'Mustermann', Phone: '0170 5550123', Title: 'Kündigung', ChatCaseId: ids.CaseId });
  const fieldOfLawUrl = (chatId: string) => `${app.chatUrl}/api/lawyer/chats/${chatId}/field-of-law`;
  const statusUrl = () => `${app.chatUrl}/api/chat/case/${ids.CaseId}/status`;

  beforeAll(async () => {
    app = await startTestApp();
    [anna, markus, client] = await Promise.all([connectLawyer(app, 0), connectLawyer(app, 1), connectParticipant(app)]);
    ids = await startChat(client);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    const annasChat = (await anna.http.get<ActiveChatEntry[]>(`${app.chatUrl}/api/lawyer/chats`)).body.find((c) => c.ChatId === ids.ChatId);
    fieldOfLawAtStart = { FieldOfLaw: annasChat?.FieldOfLaw ?? -1, FieldOfLawLongName: annasChat?.FieldOfLawLongName ?? '' };
    expect(fieldOfLawAtStart.FieldOfLaw).toBe(3);
    // Before the forward: Anna makes a case file from the chat and reads the status.
    annasFile = (await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, caseFileRequest())).body;
    expect((await anna.http.get<CaseStatus>(statusUrl())).body).toMatchObject({ LawyerConnected: true });
    newChatId = (await anna.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, app.lawyers[1]?.id)).ChatId;
    await markus.hub.connection.invoke('AcceptChat', newChatId);
  });

  afterAll(async () => {
    await Promise.all([anna, markus, client].map((p) => p?.hub.stop()));
    await app?.stop();
  });

  it('should refuse the forwarding lawyer a change of the field of law with 403 ChatForwarded, and let the colleague make it', async () => {
    const refused = await anna.http.put(fieldOfLawUrl(ids.ChatId), { FieldOfLaw: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(HANDED_ON);
    const stored = await app.ctx.db.selectFrom('cases').select('field_of_law').where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    expect(stored.field_of_law).toBe(3);
    expect((await markus.http.put(fieldOfLawUrl(newChatId), { FieldOfLaw: 10 })).status).toBe(200);
  });

  it("should show the forwarding lawyer's ended chat with the field of law as it was at the forward, the colleague the corrected one", async () => {
    // Markus corrected the field to 10 after the forward (the test above); Anna's reload reads the one she forwarded with.
    const annasView = (await anna.http.get<FinishedChatEntry[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body.find((c) => c.ChatId === ids.ChatId);
    expect(annasView).toMatchObject({ FieldOfLaw: 3, FieldOfLawLongName: fieldOfLawAtStart.FieldOfLawLongName });
    const markusView = (await markus.http.get<ActiveChatEntry[]>(`${app.chatUrl}/api/lawyer/chats`)).body.find((c) => c.ChatId === newChatId);
    expect(markusView?.FieldOfLaw).toBe(10);
    expect(markusView?.FieldOfLawLongName).not.toBe(fieldOfLawAtStart.FieldOfLawLongName);
  });

  it("should answer the forwarding lawyer the case's status like an unknown case, and the colleague and the client as before", async () => {
    const refused = await anna.http.get(statusUrl());
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ Error: 'NotFound', Message: 'Der Fall wurde nicht gefunden.' });
    expect((await markus.http.get<CaseStatus>(statusUrl())).body).toMatchObject({ LawyerConnected: true, LawyerName: app.lawyers[1]?.name });
    expect((await client.http.get(statusUrl())).status).toBe(200);
  });

  it('should refuse the forwarding lawyer a case file from the chat, and name only the files made up to the forward', async () => {
    const refused = await anna.http.post(`${app.chatUrl}/api/lawyer/case-files`, { ...caseFileRequest(), ConfirmSecond: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(HANDED_ON);
    const markusFile = await markus.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, { ...caseFileRequest(), ConfirmSecond: true });
    expect(markusFile.status).toBe(200);

    const annasView = (await anna.http.get<FinishedChatEntry[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body.find((c) => c.ChatId === ids.ChatId);
    expect(annasView?.CaseFiles?.map((f: ChatCaseFile) => f.CaseNumber)).toEqual([annasFile.CaseNumber]);
    // Anna's own file stays hers to open; the colleague sees both.
    expect((await anna.http.get(`${app.chatUrl}/api/lawyer/case-files/${annasFile.CaseId}`)).status).toBe(200);
    const markusView = (await markus.http.get<{ ChatId: string; CaseFiles: ChatCaseFile[] }[]>(`${app.chatUrl}/api/lawyer/chats`)).body.find(
      (c) => c.ChatId === newChatId,
    );
    expect(markusView?.CaseFiles.map((f) => f.CaseNumber)).toEqual([annasFile.CaseNumber, markusFile.body.CaseNumber]);
  });

  it("should not hand the forwarding lawyer the colleague's picture, only those of the lawyers up to the forward", async () => {
    const imageUrl = (who: string | undefined) => `${app.chatUrl}/api/chat/agent/image/${ids.ChatId}/${who}`;
    expect((await anna.http.get(imageUrl(app.lawyers[0]?.id))).status).toBe(200);
    expect((await anna.http.get(imageUrl(app.lawyers[1]?.id))).status).toBe(404);
    expect((await client.http.get(imageUrl(app.lawyers[1]?.id))).status).toBe(200);
  });

  it('should not pass on typing into the forwarded chat to the client', async () => {
    await anna.hub.connection.invoke('SendTypingNotification', ids.ChatId);
    await markus.hub.connection.invoke('SendTypingNotification', newChatId);
    await waitUntil(() => client.hub.notifications.find((n) => n.Type === 'IsTyping' && n.ChatId === newChatId), "the colleague's IsTyping");
    expect(client.hub.notifications.filter((n) => n.Type === 'IsTyping' && n.ChatId === ids.ChatId)).toEqual([]);
  });

  it('should let a lawyer the chat was forwarded back to change the case again', async () => {
    const back = await markus.hub.connection.invoke<StartJoinResult>('ForwardChat', newChatId, app.lawyers[0]?.id);
    // Waiting for Anna: she has not taken it yet, so she is not in charge yet.
    expect((await anna.http.put(fieldOfLawUrl(ids.ChatId), { FieldOfLaw: 3 })).status).toBe(403);
    await anna.hub.connection.invoke('AcceptChat', back.ChatId);
    expect((await anna.http.put(fieldOfLawUrl(back.ChatId), { FieldOfLaw: 3 })).status).toBe(200);
    expect((await anna.http.get(statusUrl())).status).toBe(200);
    expect((await markus.http.put(fieldOfLawUrl(newChatId), { FieldOfLaw: 10 })).body).toEqual(HANDED_ON);
    const finished = async (lawyer: Participant, chatId: string) =>
      (await lawyer.http.get<FinishedChatEntry[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body.find((c) => c.ChatId === chatId);
    // In charge again, Anna reads the case as it is now; Markus, who handed it back, the field of his forward (10).
    expect((await finished(anna, ids.ChatId))?.FieldOfLaw).toBe(3);
    expect((await finished(markus, newChatId))?.FieldOfLaw).toBe(10);
  });
});
