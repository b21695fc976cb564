// The participant signs out while the lawyer is in the chat (found from outside, 2026-11-27): the chat stays open (the
// link leads back), and the lawyer reads in the transcript that the client signed out instead of writing to nobody.
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { PARTICIPANT_LOGGED_OUT_TEXT } from '../src/features/chat/systemNotices.js';
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

  it('should write nothing when the participant has no running chat', async () => {
    const participant = await connectParticipant(running.app);
    const ids: StartJoinResult = await startChat(participant);
    await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId);
    expect((await participant.http.post(`${running.app.chatUrl}/api/logout`)).status).toBe(204);
    const stored = await running.app.ctx.db.selectFrom('messages').select('text').where('case_id', '=', ids.CaseId).execute();
    expect(stored.map((m) => m.text)).not.toContain(PARTICIPANT_LOGGED_OUT_TEXT);
  });
});
