// The whole transcript (bot, participant answers, system notices, lawyer) is stored in
// order with exactly-once guarantees, read back by participant and lawyer, and mailed once.
import fs from 'node:fs';
import path from 'node:path';
import type { BotProgressResponse, ChatMessage, StartJoinResult, TranscriptEntry } from '@rechtschat/core';
import { BOT_TEXTS_DE } from '@rechtschat/core/bot-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolInput } from '../src/features/chat/transcript.js';
import { confirmedProtocolAddress, connectLawyer, connectParticipant, startRequest, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const onboarding: TranscriptEntry[] = [
  { ClientId: 'onboarding-1', Author: 'bot', Message: BOT_TEXTS_DE['Bot.Welcome'], Created: at(3) },
  { ClientId: 'onboarding-2', Author: 'bot', Message: BOT_TEXTS_DE['Bot.ProblemNotice'], Created: at(3) },
  { ClientId: 'onboarding-3', Author: 'participant', Message: 'Mein Vermieter hat mir die Wohnung gekündigt, was kann ich tun?', Created: at(2) },
  { ClientId: 'onboarding-4', Author: 'bot', Message: BOT_TEXTS_DE['Bot.StayInChat1'], Created: at(1), Highlighted: true },
];

function outboxFiles(app: TestApp): string[] {
  const dir = path.join(app.dataDir, 'outbox');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    : [];
}

describe('transcript', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;
  const list = async (who: Participant) => (await who.http.get<ChatMessage[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).body;

  beforeAll(async () => {
    // Two web origins: a partner domain given as OverrideDomain is honoured in mailed links when configured.
    app = await startTestApp({ env: { WEB_ORIGINS: 'http://localhost:1,https://partner.example.de' } });
    participant = await connectParticipant(app);
    lawyer = await connectLawyer(app);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it('should store the onboarding conversation with the case, first in order, bot as Type 3 and answers as the participant', async () => {
    ids = await participant.hub.connection.invoke<StartJoinResult>('StartChat', { ...startRequest(), Transcript: onboarding });
    const messages = await list(participant);
    expect(messages.map((m) => [m.Type, m.Message])).toEqual(onboarding.map((e) => [e.Author === 'bot' ? 3 : 2, e.Message]));
    expect(messages[2]?.Author?.Id).toBeTruthy();
    expect(messages[0]?.Author).toBeNull();
    expect(messages.map((m) => m.HighlightedMessage)).toEqual([false, false, false, true]);
    // Shown times come from the browser, in order and never in the future.
    const times = messages.map((m) => Date.parse(m.Created));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.every((t) => t <= Date.now())).toBe(true);
  });

  it('should refuse a malformed onboarding transcript without creating a case', async () => {
    const before = (await app.ctx.db.selectFrom('cases').select('id').execute()).length;
    await expect(
      participant.hub.connection.invoke('StartChat', { ...startRequest(), Transcript: [{ ClientId: 'x', Author: 'bot', Message: 'a', Created: at(0) }] }),
    ).rejects.toThrow(/Nachrichtenkennung/);
    expect((await app.ctx.db.selectFrom('cases').select('id').execute()).length).toBe(before);
  });

  it('should store one "joined" notice with the lawyer name, even when AcceptChat is repeated', async () => {
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const notice = await waitUntil(() => participant.hub.messages.find((m) => m.Type === 1), 'joined notice');
    expect(notice.Message).toBe('Dr. Anna Berger ist dem Chat beigetreten.');
    expect((await list(participant)).filter((m) => m.Type === 1)).toHaveLength(1);
  });

  it('should show the lawyer the same list, bot part included', async () => {
    await lawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag, ich schaue mir das an.', 'lawyer-msg-0001');
    const seen = await list(lawyer);
    expect(seen.map((m) => m.Message)).toEqual([
      ...onboarding.map((e) => e.Message),
      'Dr. Anna Berger ist dem Chat beigetreten.',
      'Guten Tag, ich schaue mir das an.',
    ]);
  });

  it('should refuse offboarding entries while a lawyer still holds the chat, so the record holds no line the lawyer never saw', async () => {
    const before = await list(lawyer);
    const forged = { ClientId: 'offboarding-1', Author: 'bot', Message: BOT_TEXTS_DE['Bot.Offboarding.WelcomeBack'], Created: at(0) };
    const res = await participant.http.post(`${app.chatUrl}/api/chat/transcript/${ids.ChatId}`, { Entries: [forged] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ Error: 'Conflict', Message: 'Der Chat ist noch nicht beendet.' });
    expect(await list(lawyer)).toEqual(before);
  });

  it('should append offboarding entries after the lawyer part exactly once, and keep where the bot stands', async () => {
    // The onboarding address counts as confirmed by the double opt-in's link (an earlier consultation): mailed at closure.
    await confirmedProtocolAddress(app, ids.CaseId, 'teilnehmer@example.org');
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
    const entries: TranscriptEntry[] = [
      { ClientId: 'offboarding-1', Author: 'bot', Message: 'Die Beratung mit Dr. Anna Berger ist beendet. Vielen Dank für Ihr Vertrauen.', Created: at(60) },
      { ClientId: 'offboarding-2', Author: 'participant', Message: 'Ja', Created: at(0) },
    ];
    const progress = { Script: 'offboarding' as const, StepIndex: 5, Status: 'awaiting' as const, Collected: { PhoneNumber: '030 12345678' }, LastEntry: 2 };
    const url = `${app.chatUrl}/api/chat/transcript/${ids.ChatId}`;
    expect((await participant.http.post(url, { Entries: entries, Progress: progress })).status).toBe(204);
    // A resend after a lost answer (and a later post repeating it) stores nothing twice.
    expect((await participant.http.post(url, { Entries: entries })).status).toBe(204);
    const messages = await list(participant);
    const welcomeBack = 'Die Beratung mit Dr. Anna Berger ist beendet. Vielen Dank für Ihr Vertrauen.';
    expect(messages.slice(-3).map((m) => m.Message)).toEqual(['Guten Tag, ich schaue mir das an.', welcomeBack, 'Ja']);
    expect(messages.filter((m) => m.Message === welcomeBack)).toHaveLength(1);
    // A browser clock an hour behind cannot move the entry before the lawyer's message.
    const [lawyerMsg, welcome] = messages.slice(-3);
    expect(Date.parse(welcome?.Created ?? '')).toBeGreaterThanOrEqual(Date.parse(lawyerMsg?.Created ?? ''));
    const stored = await participant.http.get<BotProgressResponse>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/bot-progress`);
    expect(stored.body).toEqual({ Progress: progress });
  });

  it('should answer 400 to bad transcript posts and 404 to someone else’s chat', async () => {
    const url = `${app.chatUrl}/api/chat/transcript/${ids.ChatId}`;
    expect((await participant.http.post(url, { Entries: [{ ClientId: 'offboarding-9', Author: 'lawyer', Message: 'x', Created: at(0) }] })).status).toBe(400);
    expect((await participant.http.post(url, { Entries: [{ ClientId: 'offboarding-9', Author: 'bot', Message: '', Created: at(0) }] })).status).toBe(400);

    const other = await connectParticipant(app);
    expect((await other.http.post(url, { Entries: [] })).status).toBe(404);
    expect((await other.http.get(`${app.chatUrl}/api/chat/case/${ids.CaseId}/bot-progress`)).status).toBe(404);
    expect((await lawyer.http.post(url, { Entries: [] })).status).toBe(401);
    await other.hub.stop();
  });

  it('should put the whole transcript into the PDF protocol', async () => {
    const theCase = await app.ctx.db.selectFrom('cases').selectAll().where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    const input = await protocolInput(app.ctx.db, theCase, new Date());
    // The bot's lines as „Chatbot“, not under the product's name; the service's notice (the lawyer joined) as „Hinweis“,
    // as the console names it, not as the bot's.
    expect(input.messages.map((m) => m.authorName)).toEqual(['Chatbot', 'Chatbot', 'Sie', 'Chatbot', 'Hinweis', 'Dr. Anna Berger', 'Chatbot', 'Sie']);
    expect(input.messages.map((m) => m.text)).toContain(BOT_TEXTS_DE['Bot.Welcome']);
  });

  it('should keep a line sent in the assistant’s name that the assistant never says as the client’s own, never as the assistant’s', async () => {
    const url = `${app.chatUrl}/api/chat/transcript/${ids.ChatId}`;
    const forgeries = [
      'Hinweis der Kanzlei: Ihr Anspruch wurde geprüft und ist begründet.',
      // A placeholder takes one line, not a second paragraph.
      'Ist die E-Mail-Adresse a@b.de richtig?\nIhre Versicherung hat die Kosten zugesagt.',
      `${BOT_TEXTS_DE['Bot.Welcome']} Die Kosten sind zugesagt.`,
    ];
    const entries = forgeries.map((Message, i) => ({ ClientId: `offboarding-${20 + i}`, Author: 'bot' as const, Message, Created: at(0), Highlighted: true }));
    expect((await participant.http.post(url, { Entries: entries })).status).toBe(204);
    const stored = (await list(lawyer)).filter((m) => forgeries.includes(m.Message));
    expect(stored).toHaveLength(3);
    // Type 2 is the participant's message (3 the chatbot's); none is highlighted as the assistant's notices are.
    expect(stored.map((m) => [m.Type, m.HighlightedMessage])).toEqual([
      [2, false],
      [2, false],
      [2, false],
    ]);
  });

  it('should take only the offboarding bot’s own entry ids and sizes, so one session cannot bloat the case’s protocol', async () => {
    const url = `${app.chatUrl}/api/chat/transcript/${ids.ChatId}`;
    const entry = (ClientId: string, Message = 'Ja') => ({ Entries: [{ ClientId, Author: 'participant', Message, Created: at(0) }] });
    expect((await participant.http.post(url, entry('offboarding-301'))).status).toBe(400);
    expect((await participant.http.post(url, entry('forged-bot-0001'))).status).toBe(400);
    expect((await participant.http.post(url, entry('offboarding-01'))).status).toBe(400);
    expect((await participant.http.post(url, entry('offboarding-300', 'x'.repeat(2001)))).status).toBe(400);
    expect((await participant.http.post(url, entry('offboarding-300', 'x'.repeat(2000)))).status).toBe(204);
  });

  it('should let the signed-in participant download the transcript by the reference on the PDFs, and nobody else', async () => {
    const reference = `RC-${ids.CaseId.slice(0, 8).toUpperCase()}`;
    const response = await participant.http.raw(`${app.webUrl}/api/chat/protocol/by-reference/${reference.toLowerCase()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Chatprotokoll-${reference}.pdf"`);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const other = await connectParticipant(app);
    expect((await other.http.get(`${app.webUrl}/api/chat/protocol/by-reference/${reference}`)).status).toBe(404);
    expect((await other.http.get(`${app.webUrl}/api/chat/protocol/by-reference/kein-zeichen!`)).status).toBe(400);
    await other.hub.stop();
    const signedOut = await fetch(`${app.webUrl}/api/chat/protocol/by-reference/${reference}`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ Error: 'NotAuthenticated' });
  });

  it('should mail the protocol with the PDF once at closure when the onboarding address was confirmed, and not again on request', async () => {
    // The PDF takes seconds to render on a busy two-core runner: wait for the work, not for a fixed time.
    const mails = await waitUntil(() => (outboxFiles(app).length > 0 ? outboxFiles(app) : undefined), 'protocol mail', 15_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/To: teilnehmer@example.org/);
    expect(mails[0]).toMatch(/Subject: Ihr Chatprotokoll RC-/);
    expect(mails[0]).toMatch(/Content-Type: application\/pdf; name=Chatprotokoll-RC-/);
    // No OverrideDomain: the link points to the first web origin.
    expect(mails[0]).toContain(`http://localhost:1/protokoll/RC-${ids.CaseId.slice(0, 8).toUpperCase()}`);
    expect((await participant.http.post(`${app.webUrl}/api/chat/protocol/${ids.CaseId}`, { Value: 'teilnehmer@example.org' })).status).toBe(204);
    expect(outboxFiles(app)).toHaveLength(1);
  });

  it('should mail an address typed in the offboarding its confirmation link, the protocol once it is confirmed, and nothing at closure without an address', async () => {
    const second = await connectParticipant(app);
    const started = await second.hub.connection.invoke<StartJoinResult>('StartChat', {
      ...startRequest(),
      EMailAddress: null,
      VerifiedEmail: false,
      OverrideDomain: 'Partner.Example.DE',
    });
    const stored = await app.ctx.db.selectFrom('cases').select('override_domain').where('id', '=', started.CaseId).executeTakeFirstOrThrow();
    expect(stored.override_domain).toBe('partner.example.de');
    await lawyer.hub.connection.invoke('AcceptChat', started.ChatId);
    await lawyer.hub.connection.invoke('CloseChat', started.ChatId, false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outboxFiles(app)).toHaveLength(1);
    const url = `${app.webUrl}/api/chat/protocol/${started.CaseId}`;
    expect((await second.http.post(url, { Value: 'neu@example.org' })).status).toBe(202);
    // The partner domain is one of WEB_ORIGINS, so the mailed links use it.
    const confirmation = outboxFiles(app).find((m) => /To: neu@example.org/.test(m)) ?? '';
    const token = /https:\/\/partner\.example\.de\/protokoll\/bestaetigen#([A-Za-z0-9_-]+)/.exec(confirmation.replace(/=\r?\n/g, ''))?.[1] ?? '';
    const confirmed = await fetch(`${app.webUrl}/api/chat/protocol-confirmation/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Token: token }),
    });
    expect(confirmed.status).toBe(200);
    expect((await second.http.post(url, { Value: 'neu@example.org' })).status).toBe(204);
    const mails = outboxFiles(app);
    expect(mails).toHaveLength(3);
    const protocols = mails.filter((m) => /To: neu@example.org/.test(m) && /application\/pdf/.test(m));
    expect(protocols).toHaveLength(1);
    expect(protocols[0]?.replace(/=\r?\n/g, '')).toContain(`https://partner.example.de/protokoll/RC-${started.CaseId.slice(0, 8).toUpperCase()}`);
    await expect(second.hub.connection.invoke('StartChat', { ...startRequest(), OverrideDomain: 'https://evil.example/x' })).rejects.toThrow(/OverrideDomain/);
    await second.hub.stop();
  });
});
