// Found from outside (2026-12-04): a client's message „Überwiesen habe ich \u202E00001\u202C Euro“ showed in the lawyer's
// console as „Überwiesen habe ich 10000 Euro“ (the bidi override turned the digits around), the description
// „… Miete von \u202E€ 00005\u202C …“ as „50000 €“ – while the PDF protocol, which drops format characters, records „00001“
// and „€ 00005“. Bidi embeddings, overrides and isolates are now dropped from every chat text the server stores
// (messages of both sides, the description and the onboarding answers) and from rating comments; emoji sequences
// (ZWJ) stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, QueueEntry, StartJoinResult, TranscriptEntry } from '@rechtschat/core';
import { connectLawyer, connectParticipant, startRequest, useAcceptedChat } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { outboxMailsTo } from './support/outbox.js';
import { browserAnswers } from './casefile/harness.js';

const RLO = '\u202E';
const PDF = '\u202C';
const family = '👨\u200D👩\u200D👧';

describe('bidi controls in chat texts', () => {
  const running = useAcceptedChat();

  it('should store and distribute a message of either side without bidi controls', async () => {
    const { ChatId, CaseId } = running.ids;
    const fromClient = await running.participant.hub.connection.invoke<ChatMessage>(
      'SendMessage',
      ChatId,
      `Überwiesen habe ich ${RLO}00001${PDF} Euro \u2067am\u2069 01.02. ${family}`,
      'bidi-client-0001',
    );
    expect(fromClient.Message).toBe(`Überwiesen habe ich 00001 Euro am 01.02. ${family}`);
    const fromLawyer = await running.lawyer.hub.connection.invoke<ChatMessage>('SendMessage', ChatId, `Danke, ${RLO}gut${PDF}.`, 'bidi-lawyer-0001');
    expect(fromLawyer.Message).toBe('Danke, gut.');
    // Only bidi controls is no message.
    await expect(running.participant.hub.connection.invoke('SendMessage', ChatId, `${RLO}${PDF}`, 'bidi-client-0002')).rejects.toThrow(
      'Bitte geben Sie eine Nachricht ein.',
    );
    // Nor are zero-width spaces and word joiners: they would show as an empty bubble.
    await expect(running.participant.hub.connection.invoke('SendMessage', ChatId, '\u200b\u2060 \u200b', 'bidi-client-0003')).rejects.toThrow(
      'Bitte geben Sie eine Nachricht ein.',
    );
    const stored = (await running.participant.http.get<ChatMessage[]>(`${running.app.chatUrl}/api/chat/message/for-case/${CaseId}`)).body;
    const texts = stored.map((m) => m.Message).join('\n');
    expect(texts).toContain('00001 Euro am 01.02.');
    expect(texts).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it("should store a callback time without bidi controls, as the lawyers' callback list shows it", async () => {
    const { ChatId } = running.ids;
    const booked = await running.participant.http.post(`${running.app.chatUrl}/api/chat/${ChatId}/callback`, {
      Phone: '0151 23456789',
      Availability: `Abends ${RLO}00:02${PDF} Uhr`,
    });
    expect(booked.status).toBe(204);
    const row = await running.app.ctx.db.selectFrom('callbacks').select('availability').where('chat_id', '=', ChatId).executeTakeFirstOrThrow();
    expect(row.availability).toBe('Abends 00:02 Uhr');
  });

  it("should store a rating comment without bidi controls, as the firm's reports show it", async () => {
    const { ChatId, CaseId } = running.ids;
    await running.lawyer.hub.connection.invoke('CloseChat', ChatId, false);
    const rated = await running.participant.http.post(`${running.app.webUrl}/api/chat/rating`, {
      CaseId,
      Stars: 5,
      Comment: `Sehr ${RLO}gut${PDF}, danke ${family}`,
    });
    expect(rated.status).toBe(204);
    const row = await running.app.ctx.db.selectFrom('ratings').select('comment').where('case_id', '=', CaseId).executeTakeFirstOrThrow();
    expect(row.comment).toBe(`Sehr gut, danke ${family}`);
  });
  it('should store the offboarding answers the browser records without them', async () => {
    const { ChatId, CaseId } = running.ids;
    const entries = [
      { ClientId: 'offboarding-1', Author: 'participant', Message: `Meine Nummer: ${RLO}0151 2345 6789${PDF}`, Created: new Date().toISOString() },
    ];
    const res = await running.participant.http.post(`${running.app.chatUrl}/api/chat/transcript/${ChatId}`, { Entries: entries });
    expect(res.status).toBe(204);
    const stored = (await running.participant.http.get<ChatMessage[]>(`${running.app.chatUrl}/api/chat/message/for-case/${CaseId}`)).body;
    expect(stored.find((m) => m.ClientId === 'offboarding-1')?.Message).toBe('Meine Nummer: 0151 2345 6789');
  });
});

describe('bidi controls in the description and the onboarding answers', () => {
  const app = {} as { current: TestApp };
  beforeAll(async () => {
    app.current = await startTestApp();
  });
  afterAll(async () => {
    await app.current?.stop();
  });

  it("should start the chat with them dropped, as the lawyer's queue and the transcript show it", async () => {
    const participant = await connectParticipant(app.current);
    const lawyer = await connectLawyer(app.current);
    try {
      const at = new Date(Date.now() - 1000).toISOString();
      const description = `Ich habe die Miete von ${RLO}€ 00005${PDF} pünktlich bezahlt.`;
      const onboarding: TranscriptEntry[] = [
        { ClientId: 'onboarding-1', Author: 'bot', Message: 'Vielen Dank für Ihre Schilderung.', Created: at },
        { ClientId: 'onboarding-2', Author: 'participant', Message: description, Created: at },
      ];
      const ids = await participant.hub.connection.invoke<StartJoinResult>('StartChat', { ...startRequest(description), Transcript: onboarding });
      const queue = (await lawyer.http.get<QueueEntry[]>(`${app.current.chatUrl}/api/lawyer/queue`)).body;
      expect(queue.find((entry) => entry.ChatId === ids.ChatId)?.Description).toBe('Ich habe die Miete von € 00005 pünktlich bezahlt.');
      const stored = (await participant.http.get<ChatMessage[]>(`${app.current.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).body;
      expect(stored.map((m) => m.Message)).toEqual(['Vielen Dank für Ihre Schilderung.', 'Ich habe die Miete von € 00005 pünktlich bezahlt.']);
    } finally {
      await participant.hub.stop();
      await lawyer.hub.stop();
    }
  });
});

describe('bidi controls in a case-file message to the firm', () => {
  const app = {} as { current: TestApp };
  beforeAll(async () => {
    app.current = await startTestApp();
  });
  afterAll(async () => {
    await app.current?.stop();
  });

  it('should mail and store subject and message without them, refusing a subject of nothing else', async () => {
    const lawyer = await loginLawyerHttp(app.current);
    const created = await createCaseFileAsLawyer(app.current, lawyer);
    const { client } = await loginCaseFileClient(app.current, created);
    const contact = `${app.current.webUrl}/api/case-file/${created.Token}/contact`;
    const sent = await client.post(contact, { Subject: `Zahlung ${RLO}00001${PDF} Euro`, Message: `Ich habe ${RLO}00001${PDF} Euro überwiesen.` });
    expect(sent.status).toBe(204);
    const row = await app.current.ctx.db.selectFrom('case_file_contacts').select(['subject', 'message']).executeTakeFirstOrThrow();
    expect(row).toEqual({ subject: 'Zahlung 00001 Euro', message: 'Ich habe 00001 Euro überwiesen.' });
    const lawyerAddress = app.current.lawyers[0]?.email ?? '';
    const mails = outboxMailsTo(app.current.dataDir, lawyerAddress).join('\n');
    expect(mails).toContain('Zahlung 00001 Euro');
    expect(mails).not.toContain('=E2=80=AE');
    expect((await client.post(contact, { Subject: `${RLO}${PDF}`, Message: 'Hallo' })).status).toBe(400);
  });

  it('should store the address and the questionnaire without them', async () => {
    const lawyer = await loginLawyerHttp(app.current);
    const created = await createCaseFileAsLawyer(app.current, lawyer);
    const { client } = await loginCaseFileClient(app.current, created);
    const base = `${app.current.webUrl}/api/case-file/${created.Token}`;
    const person = await client.put<{ Street: string; City: string }>(`${base}/person`, {
      Street: `Hauptstr. ${RLO}71${PDF}`,
      PostalCode: '50667',
      City: `${RLO}nlöK${PDF}`,
    });
    expect(person.status).toBe(200);
    expect(person.body).toMatchObject({ Street: 'Hauptstr. 71', City: 'nlöK' });
    // Zero-width spaces pasted at either end of a street or city are dropped too (they were stored and printed).
    const pasted = await client.put<{ Street: string; City: string }>(`${base}/person`, {
      Street: '\u200bDomstraße 1\u200b',
      PostalCode: '50667',
      City: 'Köln\u2060 ',
    });
    expect(pasted.body).toMatchObject({ Street: 'Domstraße 1', City: 'Köln' });
    const answers = { ...browserAnswers, Opponent: `Wohnbau ${RLO}HbmG${PDF}` };
    const saved = await client.post<{ Answers: Record<string, unknown> }>(`${base}/questionnaire`, { Answers: answers });
    expect(saved.status).toBe(200);
    expect(saved.body.Answers.Opponent).toBe('Wohnbau HbmG');
  });
});
