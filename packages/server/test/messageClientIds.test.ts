// Client ids of chat messages over real HTTP and the official SignalR client, on SQLite and PostgreSQL: the server's
// notices live in a namespace no caller can use (so a client cannot take the id of a notice before the server stores
// it), and a stored id counts as a resend only for the same author (found from outside, 2026-12: a client's message
// under 'lawyer-joined' made the join notice vanish; a lawyer's message under the client's id was dropped silently).
import { MessageType, type ChatMessage, type StartJoinResult } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { CLOSED_BY_TIMEOUT_TEXT, CLOSED_FOR_CALLBACK_TEXT } from '../src/features/chat/systemNotices.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectParticipant, startChat, startRequest, type Participant } from './support/flows.js';

/** The server's notice ids of earlier releases, and ids of the server's own form. */
const RESERVED_IDS = [
  'lawyer-joined',
  'closed-by-timeout',
  'closed-abandoned',
  'closed-for-callback',
  'participant-logged-out-0123456789',
  'handover-0123456789ab',
  'forward-handover-0123456789ab',
  'system:lawyer-joined',
];

const INVALID_ID = /Ungültige Nachrichtenkennung/;

describe.each(['sqlite', 'postgres'] as const)('message client ids on %s', (engine) => {
  const setup = engineAppWithLawyer(engine);

  async function waitingChat(): Promise<{ participant: Participant; ids: StartJoinResult }> {
    const participant = await connectParticipant(setup.app);
    setup.keep(participant);
    return { participant, ids: await startChat(participant) };
  }

  const transcriptOf = async (participant: Participant, caseId: string) =>
    (await participant.http.get<ChatMessage[]>(`${setup.app.chatUrl}/api/chat/message/for-case/${caseId}`)).body;

  it('should refuse the server’s notice ids from a participant, a lawyer and an onboarding transcript', async () => {
    const { participant, ids } = await waitingChat();
    for (const clientId of RESERVED_IDS) {
      await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Hallo', clientId)).rejects.toThrow(INVALID_ID);
    }
    await setup.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    for (const clientId of RESERVED_IDS) {
      await expect(setup.lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag', clientId)).rejects.toThrow(INVALID_ID);
    }
    const other = await connectParticipant(setup.app);
    setup.keep(other);
    const transcript = [{ ClientId: 'lawyer-joined', Author: 'participant' as const, Message: 'Miete', Created: new Date().toISOString() }];
    await expect(other.hub.connection.invoke('StartChat', { ...startRequest(), Transcript: transcript })).rejects.toThrow(INVALID_ID);
    expect((await transcriptOf(participant, ids.CaseId)).filter((m) => m.Message === 'Hallo' || m.Message === 'Guten Tag')).toEqual([]);
  });

  it('should show the lawyer’s join notice after a participant tried to send under its old id while waiting', async () => {
    const { participant, ids } = await waitingChat();
    await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Bin noch da', 'lawyer-joined')).rejects.toThrow(INVALID_ID);
    await setup.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const joined = await participant.hub.waitFor(
      () => participant.hub.messages.find((m) => m.ChatId === ids.ChatId && m.Message.endsWith('ist dem Chat beigetreten.')),
      'the join notice',
    );
    expect(joined).toMatchObject({ Type: MessageType.Information, Author: null, ClientId: 'system:lawyer-joined' });
    expect((await transcriptOf(participant, ids.CaseId)).filter((m) => m.ClientId === 'system:lawyer-joined')).toHaveLength(1);
  });

  it('should store the timeout notice after a participant tried to send under its old id', async () => {
    const { participant, ids } = await waitingChat();
    await setup.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'x', 'closed-by-timeout')).rejects.toThrow(INVALID_ID);
    await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId);
    const notices = (await transcriptOf(participant, ids.CaseId)).filter((m) => m.Message === CLOSED_BY_TIMEOUT_TEXT);
    expect(notices).toEqual([expect.objectContaining({ ClientId: 'system:closed-by-timeout', Author: null })]);
  });

  it('should store the callback notice after a participant tried to send under its old id while waiting', async () => {
    const { participant, ids } = await waitingChat();
    await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'x', 'closed-for-callback')).rejects.toThrow(INVALID_ID);
    const booked = await participant.http.post(`${setup.app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
      Phone: '0151 23456789',
      Availability: '24.11.2099, 08:00–12:00 Uhr',
    });
    expect(booked.status).toBe(204);
    const notices = (await transcriptOf(participant, ids.CaseId)).filter((m) => m.Message === CLOSED_FOR_CALLBACK_TEXT);
    expect(notices).toEqual([expect.objectContaining({ ClientId: 'system:closed-for-callback', Author: null })]);
  });

  it('should refuse a lawyer’s message under the client’s id instead of answering with the client’s message', async () => {
    const { participant, ids } = await waitingChat();
    await setup.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const own = await participant.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Meine Frage', 'shared-id-000001');
    await expect(setup.lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Die Antwort', 'shared-id-000001')).rejects.toThrow(INVALID_ID);
    // The other way round too, and each side's own resend still gets its stored message.
    const answer = await setup.lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Die Antwort', 'lawyer-id-000001');
    await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Noch was', 'lawyer-id-000001')).rejects.toThrow(INVALID_ID);
    expect(await participant.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Meine Frage', 'shared-id-000001')).toEqual(own);
    expect(await setup.lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Die Antwort', 'lawyer-id-000001')).toEqual(answer);
    const texts = (await transcriptOf(participant, ids.CaseId)).filter((m) => m.Type === MessageType.Message).map((m) => [m.Message, m.AuthorKind]);
    expect(texts.slice(-2)).toEqual([
      ['Meine Frage', 'participant'],
      ['Die Antwort', 'lawyer'],
    ]);
  });
});
