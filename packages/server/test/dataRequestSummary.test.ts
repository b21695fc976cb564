// The access archive (GDPR Art. 15) in a form the person can read (Art. 12(1)): over real HTTP on SQLite and
// PostgreSQL, an administrator downloads the ZIP for a person with only a digitale Fallakte and for a person with only
// a chat consultation; each holds Übersicht.txt in German – names, German dates in Berlin time, the field of law by
// name, the history in words, how long the data is kept – without database codes, UTC stamps or internal ids – and what
// Art. 15(1) and (2) owe beyond the rows: purposes, recipients (the insurer's invoice line only), source, rights, the
// controller's contact (or honestly where to find it), per chat the insurer, who is to call back, readable numbers.
import { caseReferenceOf, type CreateCaseFileResult, type StartJoinResult } from '@rechtschat/core';
import { strFromU8, unzipSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_LEVEL_AVAILABILITY } from '../src/features/chat/index.js';
import { readableSummary } from '../src/features/dataRequests/dataSummary.js';
import { browserAnswers, signatureDataUrl } from './casefile/harness.js';
import { loginCaseFileClient, loginLawyerHttp, uploadForm } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(['sqlite', 'postgres'] as const)('the readable summary of the access archive on %s', (engine) => {
  // Tuesday, 10 March 2026, 10:00 in Berlin (09:00 UTC): within service hours, in winter time.
  const now = new Date('2026-03-10T09:00:00.000Z');
  const insuranceNumber = `S${process.pid}Z${Date.now() % 100000}`;
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: CookieClient;
  let lawyer: CookieClient;
  let lawyerHub: Participant;
  let person: Participant;
  let caseFile: CreateCaseFileResult;
  let caseNumber: string;
  let chat: StartJoinResult;

  async function archiveBytes(body: unknown): Promise<Uint8Array> {
    const response = await admin.raw(`${app.chatUrl}/api/admin/data-requests/archive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function archiveOf(body: unknown): Promise<Record<string, Uint8Array>> {
    return unzipSync(await archiveBytes(body));
  }

  const text = (files: Record<string, Uint8Array>, name: string) => strFromU8(files[name] as Uint8Array);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({
      clock: { now: () => now },
      env: {
        FIRM_NAME: 'Kanzlei Muster',
        FIRM_EMAIL: 'mandanten@kanzlei-muster.example',
        FIRM_PHONE: '+49 221 1234567',
        ...(schema ? { DATABASE_URL: schema.url } : {}),
      },
    });
    const adminAccount = app.lawyers[0];
    if (adminAccount === undefined) throw new Error('no lawyer');
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', adminAccount.id).execute();
    admin = await loginLawyerHttp(app, 0);
    lawyer = await loginLawyerHttp(app, 1);
    // A digitale Fallakte created without a chat, used by the client: address, questionnaire, message, document, Vollmacht.
    const created = await lawyer.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
      FirstName: 'Erika',
      LastName: 'Muster',
      Phone: '+49 151 23456789',
      Email: 'erika@example.org',
      Title: 'Feuchte Wohnung',
      FieldOfLaw: 'Miet- und Wohnungseigentumsrecht',
    });
    expect(created.status).toBe(200);
    caseFile = created.body;
    caseNumber = (await app.ctx.db.selectFrom('case_files').select('case_number').where('id', '=', caseFile.CaseId).executeTakeFirstOrThrow()).case_number;
    const { client } = await loginCaseFileClient(app, caseFile);
    const base = `${app.webUrl}/api/case-file/${caseFile.Token}`;
    expect((await client.put(`${base}/person`, { Street: 'Domstraße 1', PostalCode: '50667', City: 'Köln' })).status).toBe(200);
    expect((await client.post(`${base}/questionnaire`, { Answers: browserAnswers })).status).toBe(200);
    expect((await client.post(`${base}/contact`, { Subject: 'Termin', Message: 'Bitte rufen Sie mich an.' })).status).toBe(204);
    const pdf = Buffer.from('%PDF-1.4\n% Mietvertrag\n');
    expect((await client.raw(`${base}/documents`, { method: 'POST', body: uploadForm('Mietvertrag.pdf', pdf) })).status).toBe(201);
    expect((await client.post(`${base}/power-of-attorney`, { SignatureImage: signatureDataUrl, Place: 'Köln' })).status).toBe(201);
    expect((await lawyer.get(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}`)).status).toBe(200);
    // The firm shares a document with a note and answers the message.
    const shared = new FormData();
    shared.append('note', 'Bitte lesen.');
    for (const [key, value] of uploadForm('Klageentwurf.pdf', pdf)) shared.append(key, value);
    expect((await lawyer.raw(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/documents`, { method: 'POST', body: shared })).status).toBe(201);
    // And one by mistake, which it takes back: the trail names both, the history the withdrawal, nothing its note.
    const mistaken = new FormData();
    mistaken.append('note', 'Für Herrn Fremd.');
    for (const [key, value] of uploadForm('Fremd.pdf', pdf)) mistaken.append(key, value);
    const mistakenRes = await lawyer.raw(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/documents`, { method: 'POST', body: mistaken });
    const mistakenId = ((await mistakenRes.json()) as { Id: string }).Id;
    expect((await lawyer.request('DELETE', `${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/documents/${mistakenId}`)).status).toBe(204);
    const [message] = (await client.get<{ Id: string }[]>(`${base}/contact`)).body;
    const answer = await lawyer.post(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/contacts/${message?.Id}/reply`, { Text: 'Gern, morgen um 9.' });
    expect(answer.status).toBe(200);
    // The firm starts a conversation of its own.
    const firmMessage = { Subject: 'Fehlende Unterlagen', Text: 'Bitte senden Sie uns die Nebenkostenabrechnung.' };
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/messages`, firmMessage)).status).toBe(201);
    // A person with one chat consultation only: a lawyer advised, the chat ended, the person rated it.
    lawyerHub = await connectLawyer(app, 1);
    person = await connectParticipant(app, base64(insuranceNumber));
    chat = await startChat(person);
    await person.hub.connection.invoke('SendMessage', chat.ChatId, 'Darf mein Vermieter die Miete erhöhen?', 'summary-0001');
    await lawyerHub.hub.connection.invoke('AcceptChat', chat.ChatId);
    await lawyerHub.hub.connection.invoke('CloseChat', chat.ChatId, false);
    expect((await person.http.post(`${app.webUrl}/api/chat/rating`, { CaseId: chat.CaseId, Stars: 4, Comment: 'Hilfreich' })).status).toBe(204);
    // Two callbacks as the chat and the after-chat page store them: one for a chosen time, done, whose call is the chat's
    // lawyer's; one for the further consultation on the phone, handed to a colleague (the console's assigned lawyer).
    const callback = { case_id: chat.CaseId, chat_id: chat.ChatId, created_at: now.toISOString() };
    await app.ctx.db
      .insertInto('callbacks')
      .values([
        { ...callback, id: randomUUID(), phone: '+491712223334', availability: '12.03.2026, 08:00–12:00 Uhr', done_at: now.toISOString() },
        { ...callback, id: randomUUID(), phone: '+4915112345678', availability: SECOND_LEVEL_AVAILABILITY, assigned_lawyer_id: adminAccount.id },
      ])
      .execute();
  });

  afterAll(async () => {
    await person?.hub.stop();
    await lawyerHub?.hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should stamp the archive’s files with the Berlin time of the summary, as unpackers show ZIP times as local time', async () => {
    const zip = await archiveBytes({ Reference: caseNumber });
    // The first local file header: DOS time at offset 10, date at 12 (little-endian).
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const time = view.getUint16(10, true);
    const date = view.getUint16(12, true);
    // 2026-03-10T09:00Z is 10:00 in Berlin (CET).
    expect({ hour: time >> 11, minute: (time >> 5) & 63 }).toEqual({ hour: 10, minute: 0 });
    expect({ year: (date >> 9) + 1980, month: (date >> 5) & 15, day: date & 31 }).toEqual({ year: 2026, month: 3, day: 10 });
  });

  it('should give a person with only a case file a readable German summary of it, pointed to first by the README', async () => {
    const files = await archiveOf({ Reference: caseNumber });
    expect(Object.keys(files)).toContain('Übersicht.txt');
    const readme = text(files, 'README.txt');
    expect(readme.indexOf('Lesen Sie zuerst Übersicht.txt')).toBeGreaterThan(0);
    expect(readme.indexOf('Lesen Sie zuerst Übersicht.txt')).toBeLessThan(readme.indexOf('daten.json'));
    expect(readme).toContain('author_kind (Nachrichten): participant = Sie');
    expect(readme).toContain('die Kanzlei Muster im Rahmen der Rechtsberatung im Chat und in der digitalen Fallakte');
    expect(readme).toContain('(E-Mail mandanten@kanzlei-muster.example, Telefon +49 221 1234567).');
    expect(readme).toContain('zu der gesuchten Person gespeichert hat:\nkeine Chat-Beratung und eine digitale Fallakte.');
    const summary = text(files, 'Übersicht.txt');
    expect(summary.split('\n')[0]).toBe('Übersicht Ihrer gespeicherten Daten – Kanzlei Muster');
    const lawyerName = app.lawyers[1]?.name ?? '';
    for (const expected of [
      `Digitale Fallakte ${caseNumber}`,
      'Name: Erika Muster',
      'Geburtsdatum: 17.05.1980',
      'Anschrift: Domstraße 1, 50667 Köln',
      'Telefon: +49 151 23456789',
      'E-Mail: erika@example.org',
      'Rechtsgebiet: Miet- und Wohnungseigentumsrecht',
      `Ihre Anwältin oder Ihr Anwalt: ${lawyerName}`,
      'Stand: Das Mandat läuft.',
      // The history in words, at Berlin time (10:00, not the stored 09:00 UTC).
      '10.03.2026, 10:00 Uhr – Fallakte angelegt: Ihre digitale Fallakte wurde angelegt.',
      '10.03.2026, 10:00 Uhr – Fragebogen übermittelt',
      '10.03.2026, 10:00 Uhr – Vollmacht unterschrieben',
      'Mietvertrag.pdf – hochgeladen am 10.03.2026, 10:00 Uhr, von Ihnen',
      // The signed Vollmacht is the client's own signature, not something made without them.
      'hochgeladen am 10.03.2026, 10:00 Uhr, von Ihnen unterschrieben (Vollmacht, als PDF vom Server erstellt)',
      'Betreff: Termin',
      'Bitte rufen Sie mich an.',
      'Familienstand: verheiratet',
      'Rechtsschutzversicherung: ja',
      'Wie sollen wir Sie erreichen?: per E-Mail',
      'Unterschrieben am 10.03.2026, 10:00 Uhr in Köln.',
      `10.03.2026, 10:00 Uhr – ${lawyerName} hat die Fallakte angesehen`,
      // What the firm put in: the shared document with its note, the answer to the message, both in the access trail.
      `Klageentwurf.pdf – Ihnen bereitgestellt am 10.03.2026, 10:00 Uhr von ${lawyerName}; Notiz: Bitte lesen.`,
      `Antwort von ${lawyerName} am 10.03.2026, 10:00 Uhr:\n    Gern, morgen um 9.`,
      `10.03.2026, 10:00 Uhr – ${lawyerName} hat Ihnen das Dokument „Klageentwurf.pdf“ bereitgestellt.`,
      `10.03.2026, 10:00 Uhr – ${lawyerName} hat auf eine Ihrer Nachrichten geantwortet.`,
      // The message the firm started, and its trail.
      `Nachrichten der Kanzlei an Sie\n  10.03.2026, 10:00 Uhr – von ${lawyerName} – Betreff: Fehlende Unterlagen\n    Bitte senden Sie uns die Nebenkostenabrechnung.`,
      `10.03.2026, 10:00 Uhr – ${lawyerName} hat Ihnen eine Nachricht geschrieben.`,
      '10.03.2026, 10:00 Uhr – Dokument zurückgezogen: Ihre Kanzlei hat das Dokument „Fremd.pdf“ zurückgezogen.',
      `10.03.2026, 10:00 Uhr – ${lawyerName} hat Ihnen ein Dokument bereitgestellt, das die Kanzlei später zurückgezogen hat (siehe Verlauf).`,
      `10.03.2026, 10:00 Uhr – ${lawyerName} hat ein Ihnen bereitgestelltes Dokument zurückgezogen; es wurde gelöscht.`,
      'Solange Ihr Mandat läuft, wird die Fallakte aufbewahrt.',
    ])
      expect(summary).toContain(expected);
    expect(summary).not.toContain('9999');
    expect(summary).not.toContain('Für Herrn Fremd.');
    expect(summary).not.toContain('Fremd.pdf – Ihnen bereitgestellt');
    expect(summary).not.toMatch(/[ \t]$/m);
    expect(summary).not.toContain('T09:00');
    expect(summary).not.toMatch(/\b(married|email|client|view|field_of_law)\b/);
    const documentId = (await app.ctx.db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', caseFile.CaseId).execute())[0]?.id;
    for (const id of [caseFile.CaseId, caseFile.Token, documentId ?? 'none']) expect(summary).not.toContain(id);
    // daten.json stays the complete machine-readable copy.
    expect(text(files, 'daten.json')).toContain('"retention_until": "9999-12-31T23:59:59.999Z"');
    expect(text(files, 'daten.json')).toContain('"firmMessages": [');
    expect(text(files, 'daten.json')).toContain('"written_by_name"');
  });

  it('should give a person with only a chat consultation a readable summary naming lawyer, field of law, rating and protocol PDF', async () => {
    const files = await archiveOf({ InsuranceNumber: insuranceNumber });
    const reference = caseReferenceOf(chat.CaseId);
    expect(files[`protokolle/Chatprotokoll-${reference}.pdf`]).toBeDefined();
    const summary = text(files, 'Übersicht.txt');
    for (const expected of [
      // In words, not „1 Chat-Beratung(en) und 0 digitale Fallakte(n)“ (second operator pass).
      'Gefunden: eine Chat-Beratung und keine digitale Fallakte.',
      `Chat-Beratung ${reference}`,
      'Begonnen am: 10.03.2026, 10:00 Uhr',
      'Rechtsgebiet: Miet- und Wohnungseigentumsrecht',
      'Angegebene E-Mail-Adresse: teilnehmer@example.org (im Chat bestätigt)',
      `mit ${app.lawyers[1]?.name ?? ''} (angenommen 10.03.2026, 10:00 Uhr, von der Anwältin oder dem Anwalt beendet 10.03.2026, 10:00 Uhr)`,
      `alle stehen im Chatprotokoll protokolle/Chatprotokoll-${reference}.pdf`,
      '4 von 5 Sternen (10.03.2026, 10:00 Uhr), Kommentar: „Hilfreich“',
      // Ten calendar years from the start, not 10 × 365.25 days (half a day short: an outside tester).
      'ab dem 10.03.2036 automatisch gelöscht',
      // The insurer of the consultation: here the general access link, billed as the default insurer.
      'Versicherer: Sie kamen über den allgemeinen Zugangslink Ihres Versicherers; ein einzelner Versicherer ist nicht hinterlegt (in der Abrechnung: „Standardversicherer“).',
      // Callbacks: readable numbers, the time in words, and whose call it is (assigned colleague, else the chat's lawyer).
      'Rückruf unter +49 171 2223334, von Ihnen gewünschte Zeit: 12.03.2026, 08:00–12:00 Uhr – erbeten am 10.03.2026, 10:00 Uhr, erledigt am 10.03.2026, 10:00 Uhr.',
      `    Zuständig für den Rückruf: ${app.lawyers[1]?.name ?? ''}\n  Rückruf zur telefonischen Weiterberatung`,
      'Rückruf zur telefonischen Weiterberatung nach dem Chat unter +49 151 12345678 – erbeten am 10.03.2026, 10:00 Uhr, noch offen.',
      `    Zuständig für den Rückruf: ${app.lawyers[0]?.name ?? ''}`,
    ])
      expect(summary).toContain(expected);
    expect(summary).not.toContain('erreichbar:');
    expect(summary).not.toContain('+491712223334');
    expect(summary).not.toContain('Digitale Fallakte FA-');
    expect(summary).not.toContain('T09:00');
    expect(summary).not.toMatch(/\b(lawyer|participant|closed|close_reason|field_of_law)\b/);
    for (const id of [chat.CaseId, chat.ChatId, insuranceNumber]) expect(summary).not.toContain(id);
  });

  it('should tell the person what Art. 15 owes beyond the rows: purposes, recipients, source, rights and the controller to reach', async () => {
    const summary = text(await archiveOf({ InsuranceNumber: insuranceNumber }), 'Übersicht.txt');
    const general = summary.slice(summary.indexOf('Wozu Ihre Daten verarbeitet werden'));
    expect(general.length).toBeLessThan(summary.length);
    for (const expected of [
      // (a) purposes, with the retention duties as they are and the ten chat years as what they are.
      'Für Ihre Rechtsberatung: das Gespräch im Chat',
      'Für die Abrechnung der Beratung mit Ihrem Versicherer',
      'sechs Jahre aufbewahrt (§ 50 Abs. 1 BRAO)',
      '§ 147 AO',
      'Chat-Beratungen werden zehn Jahre ab ihrem Beginn aufbewahrt',
      '§ 199 Abs. 3 BGB). Dies ist keine gesetzliche',
      // (c) recipients: the insurer's invoice line and nothing else, the firm's lawyers, the mail server.
      'Wer Ihre Daten erhält',
      'Ihr Versicherer erhält für jede abgeschlossene Chat-Beratung eine Zeile der Rechnung: das Datum der Beratung,',
      'das Aktenzeichen (RC-…), den Versicherer, das Rechtsgebiet, die Dauer in angefangenen Minuten und das Datum des',
      'keine Nachrichten, keine Dateien, keine Schilderung und nicht Ihre',
      'Die Anwältinnen und Anwälte der Kanzlei',
      'über ihren Mailserver',
      // (g) source: the insurer's link and what the lawyer entered.
      'Woher Ihre Daten stammen',
      'über den Zugangslink Ihres Versicherers',
      'hat Ihre Anwältin oder Ihr Anwalt eingetragen',
      // (e), (f) rights, the complaint, no automated decision.
      'Berichtigung unrichtiger Daten (Art. 16 DSGVO)',
      'Löschung Ihrer Daten, soweit keine Aufbewahrungspflicht entgegensteht (Art. 17 DSGVO)',
      'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
      'widersprechen',
      '(Art. 21 DSGVO)',
      'bei einer Datenschutz-Aufsichtsbehörde beschweren, etwa der Ihres Bundeslandes (Art. 77 DSGVO)',
      'Eine automatisierte Entscheidung über Sie (Art. 22 DSGVO) gibt es nicht.',
      // The controller with the configured ways to reach it.
      'Verantwortlich für die Verarbeitung Ihrer Daten ist Kanzlei Muster.',
      'Sie erreichen die Kanzlei per E-Mail an mandanten@kanzlei-muster.example oder telefonisch unter +49 221 1234567.',
    ])
      expect(general.replace(/\n\s*/g, ' ')).toContain(expected.replace(/\n\s*/g, ' '));
    expect(general).not.toMatch(/[ \t]$/m);
  });

  it('should say honestly where to find the firm when no e-mail address or phone number is configured', () => {
    const input = { createdAt: now, customerSince: [], chatCases: [], caseFiles: [], caselessPhones: [], confirmedProtocolAddresses: [] };
    const withoutContact = readableSummary({ ...input, firm: { name: 'Kanzlei Ohne', email: null, phone: null, imprintUrl: null } });
    expect(withoutContact).toContain(
      'Eine E-Mail-Adresse oder Telefonnummer der Kanzlei ist in diesem System nicht hinterlegt. Anschrift und Kontaktangaben der Kanzlei finden Sie im Impressum der Website (Link „Impressum“ unten auf jeder Seite).',
    );
    expect(withoutContact).not.toContain('Sie erreichen die Kanzlei');
    const withImprint = readableSummary({
      ...input,
      firm: { name: 'Kanzlei Ohne', email: null, phone: null, imprintUrl: 'https://kanzlei.example/impressum' },
    });
    expect(withImprint).toContain('finden Sie im Impressum der Kanzlei unter https://kanzlei.example/impressum.');
  });

  it('should name both lawyers of a chat a colleague took over (Art. 15: everyone who held it)', () => {
    const chatRow = {
      id: 'chat-1',
      created_at: '2026-03-10T09:00:00.000Z',
      accepted_at: '2026-03-10T09:01:00.000Z',
      accepted_lawyer_id: 'law-markus',
      lawyer_id: 'law-julia',
      state: 'closed',
      close_reason: 'lawyer',
      closed_at: '2026-03-10T09:30:00.000Z',
    };
    const entry = {
      reference: 'RC-7K3M9Q2T',
      theCase: {
        created_at: '2026-03-10T09:00:00.000Z',
        field_of_law_long_name: 'Arbeitsrecht',
        insurer_name: 'Muster Versicherung',
        description: '',
        email: null,
        verified_email: 0,
        protocol_email: null,
        protocol_sent_at: null,
        closed_at: null,
        retention_until: '2036-12-31T23:00:00.000Z',
      },
      content: { chats: [chatRow], messages: [], files: [], callbacks: [], secondLevelPhones: [], ratings: [], protocolConfirmations: [] },
      protocolPdf: 'protokolle/Chatprotokoll-RC-7K3M9Q2T.pdf',
      usageConfirmationPdf: null,
      lawyerNames: new Map([
        ['law-markus', 'Markus Hoffmann'],
        ['law-julia', 'Julia Krause'],
      ]),
    } as unknown as Parameters<typeof readableSummary>[0]['chatCases'][number];
    const summary = readableSummary({
      createdAt: now,
      customerSince: [],
      chatCases: [entry],
      caseFiles: [],
      caselessPhones: [],
      confirmedProtocolAddresses: [],
      firm: { name: 'Kanzlei Muster', email: null, phone: null },
    });
    expect(summary).toContain('– Chat mit Markus Hoffmann, fortgeführt von Julia Krause (angenommen');
  });

  it('should say of a confirmation link sent again after an earlier one expired that it was renewed, and how often', () => {
    const entry = {
      reference: 'RC-7K3M9Q2T',
      theCase: {
        created_at: '2026-03-10T09:00:00.000Z',
        field_of_law_long_name: 'Arbeitsrecht',
        insurer_name: null,
        description: '',
        email: null,
        verified_email: 0,
        protocol_email: null,
        protocol_sent_at: null,
        closed_at: null,
        retention_until: '2036-12-31T23:00:00.000Z',
      },
      content: {
        chats: [],
        messages: [],
        files: [],
        callbacks: [],
        secondLevelPhones: [],
        ratings: [],
        protocolConfirmations: [
          { email: 'erika@example.org', created_at: '2026-03-14T09:00:00.000Z', expires_at: '2026-03-16T09:00:00.000Z', used_at: null, renewals: 2 },
        ],
      },
      protocolPdf: null,
      usageConfirmationPdf: null,
      lawyerNames: new Map(),
    } as unknown as Parameters<typeof readableSummary>[0]['chatCases'][number];
    const summary = readableSummary({
      createdAt: now,
      customerSince: [],
      chatCases: [entry],
      caseFiles: [],
      caselessPhones: [],
      confirmedProtocolAddresses: [],
      firm: { name: 'Kanzlei Muster', email: null, phone: null },
    });
    expect(summary).toContain(
      'Bestätigungslink für das Chatprotokoll an erika@example.org gesendet am 14.03.2026, 10:00 Uhr (gültig bis 16.03.2026, 10:00 Uhr, nicht bestätigt, auf Ihre Anfrage neu gesendet (2. neuer Link))',
    );
  });
});
