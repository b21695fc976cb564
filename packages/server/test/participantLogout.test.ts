// The participant signs out while the lawyer is in the chat (found from outside, 2026-11-27): the chat stays open (the
// link leads back), and the lawyer reads in the transcript that the client signed out instead of writing to nobody. The
// line is the lawyer's: the client's other devices, the client's reload and the client's protocol PDF leave it out
// (outside tester, 2026-12-05: the client read a line about „die ratsuchende Person“ in their own chat and PDF).
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { PARTICIPANT_LOGGED_OUT_TEXT } from '../src/features/chat/systemNotices.js';
import { protocolInput } from '../src/features/chat/transcript.js';
import { connectParticipant, loginParticipant, startChat, uniqueInsuranceNumber, useAppWithLawyer } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';

describe('the participant signs out during a chat', () => {
  const running = useAppWithLawyer();

  it('should tell the lawyer in the transcript, keep the chat open, and not repeat the notice while it is the newest line', async () => {
    const insuranceNumber = uniqueInsuranceNumber();
    const participant = await connectParticipant(running.app, insuranceNumber);
    const ids = await startChat(participant);
    await running.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    expect((await participant.http.post(`${running.app.chatUrl}/api/logout`)).status).toBe(204);
    const notice = await waitUntil(() => running.lawyer.hub.messages.find((m) => m.Message === PARTICIPANT_LOGGED_OUT_TEXT), 'the sign-out notice');
    expect(notice).toMatchObject({ Type: 1, Author: null });
    const chat = await running.app.ctx.db.selectFrom('chats').select('state').where('id', '=', ids.ChatId).executeTakeFirstOrThrow();
    expect(chat.state).toBe('active');
    // Signing in and out again in a loop adds no second notice while it is still the newest line.
    const again = await loginParticipant(running.app, insuranceNumber);
    expect((await again.post(`${running.app.chatUrl}/api/logout`)).status).toBe(204);
    const transcript = (await running.lawyer.http.get<ChatMessage[]>(`${running.app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).body;
    expect(transcript.filter((m) => m.Message === PARTICIPANT_LOGGED_OUT_TEXT)).toHaveLength(1);
  });

  it("should keep the notice out of the client's reload and the client's protocol", async () => {
    const insuranceNumber = uniqueInsuranceNumber();
    const phone = await connectParticipant(running.app, insuranceNumber);
    const ids = await startChat(phone);
    await running.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await phone.hub.connection.invoke('SendMessage', ids.ChatId, 'Ich melde mich kurz ab.', 'client-msg-logout-1');
    expect((await phone.http.post(`${running.app.chatUrl}/api/logout`)).status).toBe(204);
    await waitUntil(() => running.lawyer.hub.messages.find((m) => m.Message === PARTICIPANT_LOGGED_OUT_TEXT), 'the sign-out notice');
    await running.lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Ich warte auf Sie.', 'lawyer-msg-logout-1');

    // The client comes back through the link: the reloaded chat has both messages, not the line about the sign-out.
    const back = await loginParticipant(running.app, insuranceNumber);
    const forClient = (await back.get<ChatMessage[]>(`${running.app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).body;
    expect(forClient.map((m) => m.Message)).toEqual(expect.arrayContaining(['Ich melde mich kurz ab.', 'Ich warte auf Sie.']));
    expect(forClient.map((m) => m.Message)).not.toContain(PARTICIPANT_LOGGED_OUT_TEXT);
    const forLawyer = (await running.lawyer.http.get<ChatMessage[]>(`${running.app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).body;
    expect(forLawyer.map((m) => m.Message)).toContain(PARTICIPANT_LOGGED_OUT_TEXT);

    const theCase = await running.app.ctx.db.selectFrom('cases').selectAll().where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    const protocol = await protocolInput(running.app.ctx.db, theCase, new Date());
    expect(protocol.messages.map((m) => m.text)).toContain('Ich warte auf Sie.');
    expect(protocol.messages.map((m) => m.text)).not.toContain(PARTICIPANT_LOGGED_OUT_TEXT);
  });

  it('should write nothing when the participant has no running chat', async () => {
    const participant = await connectParticipant(running.app);
    const ids: StartJoinResult = await startChat(participant);
    await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId);
    expect((await participant.http.post(`${running.app.chatUrl}/api/logout`)).status).toBe(204);
    const stored = await running.app.ctx.db.selectFrom('messages').select('text').where('case_id', '=', ids.CaseId).execute();
    expect(stored.map((m) => m.text)).not.toContain(PARTICIPANT_LOGGED_OUT_TEXT);
  });
});
