import fs from 'node:fs';
import path from 'node:path';
import type { CallbackEntry, CaseStatus, ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedProtocolAddress, connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('full chat journey', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;

  beforeAll(async () => {
    app = await startTestApp();
    participant = await connectParticipant(app);
    lawyer = await connectLawyer(app);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it('should put a started chat into the lawyer queue and signal QueueChanged', async () => {
    ids = await startChat(participant);
    // The reference code (no '-', '_' or look-alikes), then 128 random bits.
    expect(ids.CaseId).toMatch(/^[2-9A-HJKMNP-Z]{8}[A-Za-z0-9_-]{22}$/);
    await waitUntil(() => (lawyer.hub.queueSignals.length > 0 ? true : undefined), 'QueueChanged');
    const queue = await lawyer.http.get<{ ChatId: string; Description: string }[]>(`${app.chatUrl}/api/lawyer/queue`);
    expect(queue.body).toEqual([expect.objectContaining({ ChatId: ids.ChatId, Description: expect.stringContaining('Vermieter') })]);
  });

  it('should notify the participant with Joined when a lawyer accepts', async () => {
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const joined = await waitUntil(() => participant.hub.notifications.find((n) => n.Type === 'Joined'), 'Joined');
    expect(joined).toEqual({ ChatId: ids.ChatId, Type: 'Joined', Data: { LawyerName: 'Dr. Anna Berger' } });
  });

  it('should deliver messages both ways, acknowledging each with the stored message', async () => {
    const sent = await participant.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Guten Tag, ich habe eine Frage.', 'client-msg-0001');
    expect(sent).toMatchObject({ Message: 'Guten Tag, ich habe eine Frage.', Type: 2, ChatId: ids.ChatId, ClientId: 'client-msg-0001' });
    await waitUntil(() => lawyer.hub.messages.find((m) => m.Id === sent.Id), 'message at lawyer');
    const answer = await lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Gerne, worum geht es?', 'lawyer-msg-0001');
    const received = await waitUntil(() => participant.hub.messages.find((m) => m.Id === answer.Id), 'message at participant');
    expect(received.Author).toEqual({ Id: app.lawyers[0]?.id, Name: 'Dr. Anna Berger' });
    // The completion and the participant's copy are the same stored message.
    expect(received).toEqual(answer);
    // The sending connection has it in its completion and gets no second copy (both groups are served in one go).
    expect(lawyer.hub.messages.some((m) => m.Id === answer.Id)).toBe(false);
    expect(participant.hub.messages.some((m) => m.Id === sent.Id)).toBe(false);
  });

  it('should forward typing notifications only to the other side', async () => {
    await participant.hub.connection.invoke('SendTypingNotification', ids.ChatId);
    await waitUntil(() => lawyer.hub.notifications.find((n) => n.Type === 'IsTyping'), 'typing at lawyer');
    expect(participant.hub.notifications.some((n) => n.Type === 'IsTyping')).toBe(false);
  });

  it('should close with a phone request and report it in the case status, with the lawyer and where the protocol goes', async () => {
    // The person confirmed the address by the double opt-in's link in an earlier consultation.
    await confirmedProtocolAddress(app, ids.CaseId, 'teilnehmer@example.org');
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, true);
    await waitUntil(() => participant.hub.notifications.find((n) => n.Type === 'ClosedAndRequestPhoneNumber'), 'closed notification');
    const status = await participant.http.get<CaseStatus>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(status.body).toEqual({
      CaseRating: null,
      ParticipantEnteredEmail: true,
      RequestPhoneNumber: true,
      LawyerConnected: false,
      CaseClosed: true,
      Disabled: false,
      SecondLevelEnabled: true,
      CallbackRequested: false,
      // The onboarding address was confirmed (by its link before) and a lawyer took part: the protocol is mailed there.
      ProtocolEmail: 'teilnehmer@example.org',
      ProtocolConfirmationPending: false,
      LawyerName: 'Dr. Anna Berger',
      LawyerTookPart: true,
    });
  });

  it('should not pass on typing into the closed chat to the lawyer', async () => {
    // Found from outside (2026-12-07, eighth pass): the lawyer's typing checked the chat's state, the client's did not.
    const typingAtLawyer = () => lawyer.hub.notifications.filter((n) => n.Type === 'IsTyping').length;
    const before = typingAtLawyer();
    await participant.hub.connection.invoke('SendTypingNotification', ids.ChatId);
    // A round trip on the lawyer's own connection: a notification written before its answer would have arrived by now.
    await lawyer.hub.connection.invoke('SendTypingNotification', ids.ChatId);
    expect(typingAtLawyer()).toBe(before);
  });

  it('should list every message of the case exactly once in order', async () => {
    const list = await participant.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(list.body.map((m) => m.Message)).toEqual(['Dr. Anna Berger ist dem Chat beigetreten.', 'Guten Tag, ich habe eine Frage.', 'Gerne, worum geht es?']);
  });

  it('should mail the protocol with a PDF attachment into the outbox (once: the onboarding address was confirmed)', async () => {
    const response = await participant.http.post(`${app.webUrl}/api/chat/protocol/${ids.CaseId}`, { Value: 'teilnehmer@example.org' });
    expect(response.status).toBe(204);
    const outbox = path.join(app.dataDir, 'outbox');
    // Only finished mails count: the outbox writes `<name>.eml.partial` and renames it when complete.
    const finishedMails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);
    // Rendering the PDF takes seconds on a busy two-core runner: wait for the work, up to the test's own timeout.
    const files = await waitUntil(() => (finishedMails().length > 0 ? finishedMails() : undefined), 'protocol mail', 15_000);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/To: teilnehmer@example.org/);
    expect(eml).toMatch(/Content-Type: application\/pdf/);
  });

  it('should save the rating once, its comment cut at 2,000 characters without splitting an emoji, and show it in the status', async () => {
    const comment = `${'a'.repeat(1999)}😀 und mehr`;
    expect((await participant.http.post(`${app.webUrl}/api/chat/rating`, { CaseId: ids.CaseId, Stars: 5, Comment: comment })).status).toBe(204);
    const stored = await app.ctx.db.selectFrom('ratings').select('comment').where('case_id', '=', ids.CaseId).executeTakeFirstOrThrow();
    expect(stored.comment).toBe(`${'a'.repeat(1999)}😀`);
    expect((await participant.http.post(`${app.webUrl}/api/chat/rating`, { CaseId: ids.CaseId, Stars: 1 })).status).toBe(409);
    const status = await participant.http.get<CaseStatus>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(status.body).toMatchObject({ CaseRating: 5, Disabled: true });
  });

  it("should store the second-level phone number and put it on the lawyers' callback list at once", async () => {
    const signalsBefore = lawyer.hub.queueSignals.length;
    expect((await participant.http.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0170 1234567' })).status).toBe(204);
    const row = await app.ctx.db.selectFrom('second_level_phones').selectAll().where('case_id', '=', ids.CaseId).executeTakeFirstOrThrow();
    expect(row.phone).toBe('+491701234567');
    const callbacks = await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`);
    expect(callbacks.body).toContainEqual(
      expect.objectContaining({
        CaseId: ids.CaseId,
        ChatId: ids.ChatId,
        Phone: '+491701234567',
        Availability: 'Telefonische Weiterberatung nach dem Chat',
        DoneAt: null,
      }),
    );
    // The consoles re-read the queue and the callback list on this signal.
    await waitUntil(() => (lawyer.hub.queueSignals.length > signalsBefore ? true : undefined), 'QueueChanged after the phone number');
  });

  it('should download the usage confirmation as a PDF', async () => {
    const response = await participant.http.raw(`${app.webUrl}/api/chat/usage-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ CaseId: ids.CaseId }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
