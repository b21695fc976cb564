// Data-subject requests (GDPR Art. 15/17) over real HTTP on SQLite and PostgreSQL: an administrator finds a person
// by insurance number, chat reference or case-file number, downloads everything stored about them as one ZIP, and
// erases their chats where no retention duty applies – a chat a case file grew out of stays with that file under
// § 50 BRAO, named with the date from which it may go. Plain lawyers get 403, callers without a session 401; every
// request is audited without the insurance number in clear.
import fs from 'node:fs';
import path from 'node:path';
import {
  berlinDateOf,
  caseReferenceOf,
  type ChatFileInfo,
  type CreateCaseFileResult,
  type DataErasureResult,
  type AuditLogPage,
  type DataSubjectSummary,
  type StartJoinResult,
} from '@rechtschat/core';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginCaseFileClient, loginLawyerHttp, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { confirmedProtocolAddress, connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { numberHashOf } from '../src/features/product/customers.js';
import { purgeExpired } from '../src/features/retention/retention.js';
import type { Db } from '../src/platform/storage/database.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

interface StoredPerson {
  readonly customerId: string;
  readonly numberHash: string;
  readonly insurerId: string | null;
  readonly participantId: string;
  readonly caseId: string;
  readonly description: string;
}

/** A person stored directly, as an earlier entry would have left them: customer, participant and one closed chat case. */
async function storeClosedChatCase(db: Db, at: string, person: StoredPerson): Promise<void> {
  await db
    .insertInto('customers')
    .values({ id: person.customerId, number_hash: person.numberHash, second_level_enabled: 1, created_at: at, insurer_id: person.insurerId })
    .execute();
  await db.insertInto('participants').values({ id: person.participantId, customer_id: person.customerId, created_at: at }).execute();
  await db
    .insertInto('cases')
    .values({
      id: person.caseId,
      participant_id: person.participantId,
      description: person.description,
      email: null,
      verified_email: 0,
      field_of_law: 3,
      field_of_law_long_name: 'Verkehrsrecht',
      request_phone_number: 0,
      protocol_email: null,
      protocol_sent_at: null,
      closed_at: at,
      disabled: 0,
      next_seq: 1,
      created_at: at,
      retention_until: '2036-03-10T09:00:00.000Z',
      override_domain: null,
      insurer_id: person.insurerId,
    })
    .execute();
}

describe.each(['sqlite', 'postgres'] as const)('data-subject requests on %s', (engine) => {
  // Tuesday, 10 March 2026, 10:00 in Berlin: within service hours. The mandate ends the same day, so the case file
  // may be deleted from 1 January 2033, 00:00 Berlin time (2032-12-31T23:00Z).
  const now = new Date('2026-03-10T09:00:00.000Z');
  const clock = { now: () => now };
  const RETENTION_UNTIL = '2032-12-31T23:00:00.000Z';
  const numberA = `A${process.pid}X${Date.now() % 100000}`;
  const numberB = `B${process.pid}Y${Date.now() % 100000}`;
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: CookieClient;
  let plainLawyer: CookieClient;
  let lawyerHub: Participant;
  let personA: Participant;
  let personB: Participant;
  let firstChat: StartJoinResult;
  let keptChat: StartJoinResult;
  let caseFile: CreateCaseFileResult;
  let caseNumber: string;
  const uploadBytesA = Buffer.from('%PDF-1.4\n% Datei von Person A\n');
  const uploadBytesB = Buffer.from('%PDF-1.4\n% Datei von Person B\n');
  const documentBytes = Buffer.from('%PDF-1.4\n% Mietvertrag von Person A\n');
  let uploadPathA: string;
  let uploadPathB: string;
  let messageCounter = 0;

  const url = (action: string) => `${app.chatUrl}/api/admin/data-requests/${action}`;
  const search = (client: CookieClient, body: unknown) => client.post<DataSubjectSummary>(url('search'), body);

  async function upload(participant: Participant, chatId: string, name: string, bytes: Uint8Array): Promise<string> {
    const response = await participant.http.raw(`${app.chatUrl}/api/chat/file/${chatId}`, { method: 'POST', body: uploadForm(name, bytes) });
    expect(response.status).toBe(200);
    const info = (await response.json()) as ChatFileInfo;
    const row = await app.ctx.db.selectFrom('files').select('storage_name').where('id', '=', info.Id).executeTakeFirstOrThrow();
    return path.join(app.ctx.uploadDir, row.storage_name);
  }

  async function consultation(participant: Participant, text: string): Promise<StartJoinResult> {
    const ids = await startChat(participant);
    await participant.hub.connection.invoke('SendMessage', ids.ChatId, text, `dsr-${String((messageCounter += 1)).padStart(4, '0')}`);
    await lawyerHub.hub.connection.invoke('AcceptChat', ids.ChatId);
    return ids;
  }

  async function archiveOf(body: unknown): Promise<Record<string, Uint8Array>> {
    const response = await admin.raw(url('archive'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    return unzipSync(new Uint8Array(await response.arrayBuffer()));
  }

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({
      clock,
      env: {
        FIRM_NAME: 'Kanzlei Muster',
        FIRM_EMAIL: 'mandanten@kanzlei-muster.example',
        FIRM_PHONE: '+49 30 1234567',
        ...(schema ? { DATABASE_URL: schema.url } : {}),
      },
    });
    const adminAccount = app.lawyers[0];
    if (adminAccount === undefined) throw new Error('no lawyer');
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', adminAccount.id).execute();
    admin = await loginLawyerHttp(app, 0);
    plainLawyer = await loginLawyerHttp(app, 1);
    lawyerHub = await connectLawyer(app, 1);
    // Person A: a closed consultation with an upload and a rating, then a second one a case file grew out of.
    personA = await connectParticipant(app, base64(numberA));
    firstChat = await consultation(personA, 'Geheimnis von Person A');
    uploadPathA = await upload(personA, firstChat.ChatId, 'Kuendigung.pdf', uploadBytesA);
    await lawyerHub.hub.connection.invoke('CloseChat', firstChat.ChatId, false);
    expect((await personA.http.post(`${app.webUrl}/api/chat/rating`, { CaseId: firstChat.CaseId, Stars: 5, Comment: 'Sehr hilfreich' })).status).toBe(204);
    // The protocol's double opt-in: the onboarding address, only retyped, got its confirmation link at the close; another
    // address counts as confirmed by a link before.
    const linkOf = (caseId: string) => app.ctx.db.selectFrom('protocol_mail_confirmations').select('email').where('case_id', '=', caseId).execute();
    await vi.waitFor(async () => expect(await linkOf(firstChat.CaseId)).toHaveLength(1), { timeout: 15_000 });
    await confirmedProtocolAddress(app, firstChat.CaseId, 'erika.a@example.org');
    // A number for the further consultation (a callback in the lawyers' list and a phone entry) after the first chat.
    expect((await personA.http.post(`${app.webUrl}/api/chat/secondLevel/${firstChat.CaseId}`, { Value: '0170 1234567' })).status).toBe(204);
    expect((await app.ctx.db.selectFrom('callbacks').select('phone').where('case_id', '=', firstChat.CaseId).execute()).map((r) => r.phone)).toEqual([
      '+491701234567',
    ]);
    // The offboarding's number of a chat link with `?secondLevel=…`: a callback number without a case („Rückrufnummern ohne Beratung“).
    expect((await personA.http.post(`${app.webUrl}/api/chat/secondLevel/param/kampagne7`, { Value: '0171 7654321' })).status).toBe(204);
    keptChat = await consultation(personA, 'Zweite Frage von Person A');
    const created = await plainLawyer.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
      FirstName: 'Erika',
      LastName: 'Muster',
      Phone: '+49 151 23456789',
      Title: 'Kündigung der Wohnung',
      ChatCaseId: keptChat.CaseId,
    });
    expect(created.status).toBe(200);
    caseFile = created.body;
    caseNumber = (await app.ctx.db.selectFrom('case_files').select('case_number').where('id', '=', caseFile.CaseId).executeTakeFirstOrThrow()).case_number;
    await lawyerHub.hub.connection.invoke('CloseChat', keptChat.ChatId, false);
    const keptCallback = { Phone: '0151 23456789', Availability: '24.11.2099, 08:00–12:00 Uhr' };
    expect((await personA.http.post(`${app.chatUrl}/api/chat/${keptChat.ChatId}/callback`, keptCallback)).status).toBe(204);
    const { client } = await loginCaseFileClient(app, caseFile);
    expect(
      (await client.raw(`${app.webUrl}/api/case-file/${caseFile.Token}/documents`, { method: 'POST', body: uploadForm('Mietvertrag.pdf', documentBytes) }))
        .status,
    ).toBe(201);
    expect((await plainLawyer.post(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/close`)).status).toBe(200);
    // Person B: someone else, whose data must never appear in A's answers.
    personB = await connectParticipant(app, base64(numberB));
    const chatB = await consultation(personB, 'Geheimnis von Person B');
    uploadPathB = await upload(personB, chatB.ChatId, 'Andere.pdf', uploadBytesB);
    await lawyerHub.hub.connection.invoke('CloseChat', chatB.ChatId, false);
  });

  afterAll(async () => {
    await personA?.hub.stop();
    await personB?.hub.stop();
    await lawyerHub?.hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should answer 401 without a session and 403 to a lawyer who is not an administrator', async () => {
    const anonymous = new CookieClient();
    for (const [action, body] of [
      ['search', { InsuranceNumber: numberA }],
      ['archive', { InsuranceNumber: numberA }],
      ['erase', { InsuranceNumber: numberA, ChatCaseIds: [firstChat.CaseId] }],
    ] as const) {
      expect((await anonymous.post(url(action), body)).status).toBe(401);
      const refused = await plainLawyer.post<{ Error: string }>(url(action), body);
      expect(refused.status).toBe(403);
      expect(refused.body.Error).toBe('Forbidden');
    }
    expect(await app.ctx.db.selectFrom('cases').select('id').where('id', '=', firstChat.CaseId).executeTakeFirst()).toBeDefined();
  });

  it('should find the person by insurance number – written with blanks and in lower case too – with their chats and case file', async () => {
    const found = await search(admin, { InsuranceNumber: ` ${numberA.toLowerCase().slice(0, 3)} ${numberA.slice(3)} ` });
    expect(found.status).toBe(200);
    const summary = found.body;
    expect(summary).toMatchObject({ Found: true, SearchedBy: 'insuranceNumber' });
    expect(summary.ChatCases.map((c) => c.Reference).sort()).toEqual([caseReferenceOf(firstChat.CaseId), caseReferenceOf(keptChat.CaseId)].sort());
    const first = summary.ChatCases.find((c) => c.Id === firstChat.CaseId);
    expect(first).toMatchObject({ Files: 1, Ratings: 1, Running: false, KeptFor: null, KeptUntil: null });
    expect(first?.Messages).toBeGreaterThanOrEqual(2);
    expect(summary.ChatCases.find((c) => c.Id === keptChat.CaseId)).toMatchObject({ KeptFor: caseNumber, KeptUntil: RETENTION_UNTIL });
    expect(summary.CaseFiles).toEqual([
      expect.objectContaining({
        CaseNumber: caseNumber,
        MandateOpen: false,
        RetentionUntil: RETENTION_UNTIL,
        Documents: 1,
        ChatCaseReference: caseReferenceOf(keptChat.CaseId),
      }),
    ]);
  });

  it('should refuse a number that people at two insurers hold until the insurer is chosen, and then answer with that person only', async () => {
    // The same insurance number at two insurers is two people: before, the search, the archive and the erasure took
    // both together – the archive handed one person the other's chats, the erasure deleted both.
    const db = app.ctx.db;
    const at = now.toISOString();
    await db.insertInto('insurers').values({ id: 'ins-dsr', name: 'dsr', display_name: 'Muster Versicherung AG', created_at: at }).execute();
    await storeClosedChatCase(db, at, {
      customerId: 'cust-dsr',
      numberHash: numberHashOf({ sessionSecret: app.ctx.config.sessionSecret }, numberB, 'ins-dsr'),
      insurerId: 'ins-dsr',
      participantId: 'part-dsr',
      caseId: 'dsrInsurerCase0001',
      description: 'Über die Versicherung',
    });
    const refusedBody = { InsuranceNumber: numberB };
    for (const [action, body] of [
      ['search', refusedBody],
      ['archive', refusedBody],
      ['erase', { ...refusedBody, ChatCaseIds: ['dsrInsurerCase0001'] }],
    ] as const) {
      const refused = await admin.post<{ Error: string; Message: string; Insurers: { Id: string; Name: string }[] }>(url(action), body);
      expect(refused.status).toBe(409);
      expect(refused.body.Error).toBe('Conflict');
      expect(refused.body.Message).toContain('bei mehreren Versicherern');
      expect(refused.body.Insurers).toEqual([
        { Id: 'default', Name: 'Standardversicherer' },
        { Id: 'ins-dsr', Name: 'dsr' },
      ]);
    }
    expect(await db.selectFrom('cases').select('id').where('id', '=', 'dsrInsurerCase0001').executeTakeFirst()).toBeDefined();
    // Refused, but a lookup all the same: audited, without the number.
    const ambiguous = await db.selectFrom('admin_audit_log').select('details').where('action', '=', 'dataRequest.ambiguous').execute();
    expect(ambiguous.map((row) => JSON.parse(row.details ?? '{}') as unknown)).toEqual(
      ['search', 'archive', 'erase'].map((requested) => ({ requested, searchedBy: 'insuranceNumber', people: 2 })),
    );
    expect(JSON.stringify(ambiguous).toUpperCase()).not.toContain(numberB.toUpperCase());
    const atInsurer = await search(admin, { InsuranceNumber: numberB, Insurer: 'ins-dsr' });
    // Named as in the choice above, the reports and the CSV (the administration name), not as the client saw it.
    expect(atInsurer.body.ChatCases.map((c) => [c.Id, c.Insurer])).toEqual([['dsrInsurerCase0001', 'dsr']]);
    const atDefault = await search(admin, { InsuranceNumber: numberB, Insurer: 'default' });
    expect(atDefault.body.ChatCases.map((c) => c.Insurer)).toEqual([null]);
    const archive = await admin.raw(url('archive'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ InsuranceNumber: numberB, Insurer: 'ins-dsr' }),
    });
    expect(archive.status).toBe(200);
    const archived = strFromU8(unzipSync(new Uint8Array(await archive.arrayBuffer()))['daten.json'] as Uint8Array);
    expect(archived).toContain('dsrInsurerCase0001');
    expect(archived).not.toContain('Geheimnis von Person B');
    expect((await search(admin, { InsuranceNumber: numberB, Insurer: 'kein-versicherer' })).status).toBe(400);
    expect((await search(admin, { Reference: caseNumber, Insurer: 'ins-dsr' })).status).toBe(400);
    // Person A's number at the insurer is nobody: A alone, no choice needed.
    expect((await search(admin, { InsuranceNumber: numberA })).body.ChatCases.every((c) => c.Insurer === null)).toBe(true);
  });

  it('should refuse a chat reference that the cases of two people share instead of merging them', async () => {
    // A reference is the first eight characters of the case id in upper case, so "dsrRefAa…" and "DSRREFAA…" share it.
    const db = app.ctx.db;
    const at = now.toISOString();
    for (const [suffix, caseId] of [
      ['1', 'dsrRefAa0000000001'],
      ['2', 'DSRREFAA0000000002'],
    ] as const) {
      await storeClosedChatCase(db, at, {
        customerId: `cust-ref${suffix}`,
        numberHash: `hash-ref${suffix}`,
        insurerId: null,
        participantId: `part-ref${suffix}`,
        caseId,
        description: `Fall ${suffix}`,
      });
    }
    for (const action of ['search', 'archive', 'erase'] as const) {
      const refused = await admin.post<{ Error: string; Message: string }>(url(action), {
        Reference: 'RC-DSRREFAA',
        ...(action === 'erase' ? { ChatCaseIds: ['dsrRefAa0000000001'] } : {}),
      });
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toContain('verschiedener Personen');
    }
    const audited = await db.selectFrom('admin_audit_log').select('details').where('action', '=', 'dataRequest.ambiguous').execute();
    expect(audited.map((row) => JSON.parse(row.details ?? '{}') as { reference?: string }).filter((d) => d.reference === 'RC-DSRREFAA')).toHaveLength(3);
    expect(await db.selectFrom('cases').select('id').where('id', 'in', ['dsrRefAa0000000001', 'DSRREFAA0000000002']).execute()).toHaveLength(2);
  });

  it('should find the same person by the chat reference and by the case-file number', async () => {
    for (const reference of [caseReferenceOf(firstChat.CaseId).toLowerCase(), caseNumber]) {
      const found = await search(admin, { Reference: reference });
      expect(found.status).toBe(200);
      expect(found.body.Found).toBe(true);
      expect(found.body.ChatCases.map((c) => c.Id).sort()).toEqual([firstChat.CaseId, keptChat.CaseId].sort());
      expect(found.body.CaseFiles.map((f) => f.CaseNumber)).toEqual([caseNumber]);
    }
  });

  it('should answer an unknown number with nothing found and refuse a query with no or two keys', async () => {
    expect((await search(admin, { InsuranceNumber: 'UNBEKANNT-4711' })).body).toMatchObject({ Found: false, ChatCases: [], CaseFiles: [] });
    expect((await search(admin, {})).status).toBe(400);
    expect((await search(admin, { InsuranceNumber: numberA, Reference: caseNumber })).status).toBe(400);
    expect((await search(admin, { Reference: 'kein Aktenzeichen!' })).status).toBe(400);
  });

  it('should say that an over-long insurance number is too long instead of asking for a number', async () => {
    const refused = await search(admin, { InsuranceNumber: '9'.repeat(65) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      Error: 'BadRequest',
      Message: 'Die Versicherungsnummer ist zu lang (höchstens 64 Zeichen). Bitte prüfen Sie die Eingabe.',
    });
    const unknownInsurer = await search(admin, { InsuranceNumber: numberA, Insurer: 'x'.repeat(65) });
    expect(unknownInsurer.body).toMatchObject({ Error: 'BadRequest', Message: 'Diesen Versicherer gibt es nicht.' });
    expect((await search(admin, { InsuranceNumber: '9'.repeat(64) })).body).toMatchObject({ Found: false });
  });

  it('should name the archive by the person’s first chat case and the Berlin day, never by the insurance number', async () => {
    const found = await search(admin, { InsuranceNumber: numberA });
    const response = await admin.raw(url('archive'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ InsuranceNumber: numberA }),
    });
    await response.arrayBuffer();
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(`Auskunft-${found.body.ChatCases[0]?.Reference ?? 'none'}-${berlinDateOf(now.getTime())}.zip`);
    expect(disposition).not.toContain(numberA);
  });

  it('should put the person’s messages, protocol PDFs, uploads and case-file documents into one archive and nothing of another person', async () => {
    const files = await archiveOf({ InsuranceNumber: numberA });
    const names = Object.keys(files);
    expect(names).toContain('README.txt');
    const readme = strFromU8(files['README.txt'] as Uint8Array);
    // The firm answers the request as the controller – named, with the ways to reach it – not the product.
    expect(readme.split('\n')[0]).toBe('Auskunft nach Art. 15 DSGVO – Kanzlei Muster');
    expect(readme).toContain('alle Daten, die Kanzlei Muster im Rahmen der Rechtsberatung im Chat');
    expect(readme).toContain(
      'Fragen zu dieser Auskunft richten Sie bitte an Kanzlei Muster (E-Mail mandanten@kanzlei-muster.example, Telefon +49 30 1234567).',
    );
    // The readable summary: the ended mandate's deletion date, and the chat the case file grew out of kept with it.
    const summary = strFromU8(files['Übersicht.txt'] as Uint8Array);
    expect(summary).toContain('Ihre Fallakte wird deshalb ab dem 01.01.2033 gelöscht.');
    expect(summary).toContain(`Aus dieser Beratung ist die Fallakte ${caseNumber} entstanden.`);
    expect(summary).not.toContain('Geheimnis von Person B');
    const json = strFromU8(files['daten.json'] as Uint8Array);
    const data = JSON.parse(json) as { chatBeratungen: { reference: string; messages: { text: string }[] }[]; fallakten: { caseNumber: string }[] };
    expect(data.chatBeratungen.flatMap((c) => c.messages.map((m) => m.text))).toEqual(
      expect.arrayContaining(['Geheimnis von Person A', 'Zweite Frage von Person A']),
    );
    expect(data.fallakten.map((f) => f.caseNumber)).toEqual([caseNumber]);
    for (const caseId of [firstChat.CaseId, keptChat.CaseId]) {
      const protocol = files[`protokolle/Chatprotokoll-${caseReferenceOf(caseId)}.pdf`];
      expect(strFromU8((protocol as Uint8Array).slice(0, 5))).toBe('%PDF-');
      expect(files[`protokolle/Nutzungsbestaetigung-${caseReferenceOf(caseId)}.pdf`]).toBeDefined();
    }
    const upload = names.find((n) => n.startsWith(`chat-dateien/${caseReferenceOf(firstChat.CaseId)}/`) && n.endsWith('Kuendigung.pdf'));
    expect(Buffer.from(files[upload as string] as Uint8Array).equals(uploadBytesA)).toBe(true);
    const document = names.find((n) => n.startsWith(`fallakten/${caseNumber}/`) && n.endsWith('Mietvertrag.pdf'));
    expect(Buffer.from(files[document as string] as Uint8Array).equals(documentBytes)).toBe(true);
    // Nothing of person B, and no keys of the case file.
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(everything).not.toContain('Geheimnis von Person B');
    expect(everything).not.toContain('Datei von Person B');
    // The protocol's double opt-in: the link to the onboarding address (never its hash) and the confirmed address.
    const optIn = JSON.parse(json) as {
      chatBeratungen: { reference: string; protocolConfirmations: { email: string }[] }[];
      bestaetigteProtokollAdressen: { email: string }[];
    };
    expect(optIn.chatBeratungen.find((c) => c.reference === caseReferenceOf(firstChat.CaseId))?.protocolConfirmations).toEqual([
      expect.objectContaining({ email: 'teilnehmer@example.org' }),
    ]);
    expect(optIn.bestaetigteProtokollAdressen).toEqual([expect.objectContaining({ email: 'erika.a@example.org' })]);
    expect(summary).toMatch(
      /Bestätigungslink für das Chatprotokoll an teilnehmer@example\.org gesendet am 10\.03\.2026, 10:00 Uhr \(gültig bis 12\.03\.2026, 10:00 Uhr, nicht bestätigt\)/,
    );
    expect(summary).toContain('erika.a@example.org – bestätigt am 10.03.2026, 10:00 Uhr');
    expect(json).not.toContain('token_hash');
    expect(json).not.toContain('pin_hash');
    expect(json).not.toContain(numberA);
  });

  it('should refuse to erase anything while a chat of the person runs', async () => {
    const running = await startChat(personA);
    const refused = await admin.post<{ Error: string; Message: string }>(url('erase'), { InsuranceNumber: numberA, ChatCaseIds: [firstChat.CaseId] });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toMatch(/Chat dieser Person läuft noch/);
    expect(fs.existsSync(uploadPathA)).toBe(true);
    await lawyerHub.hub.connection.invoke('AcceptChat', running.ChatId);
    await lawyerHub.hub.connection.invoke('CloseChat', running.ChatId, false);
  });

  it('should erase the chats and their files on disk but keep the case file and its chat under § 50 BRAO, saying from when', async () => {
    const invoice = async () => (await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?from=2026-03-01&to=2026-03-31`)).text();
    const invoiceBefore = await invoice();
    expect(invoiceBefore).toContain(caseReferenceOf(firstChat.CaseId));
    const before = await search(admin, { InsuranceNumber: numberA });
    const ids = before.body.ChatCases.map((c) => c.Id);
    expect(ids).toHaveLength(3);
    const finishedChats = async () =>
      (await plainLawyer.get<readonly { ChatId: string }[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body.map((c) => c.ChatId);
    expect(await finishedChats()).toContain(firstChat.ChatId);
    const erased = await admin.post<DataErasureResult>(url('erase'), { InsuranceNumber: numberA, ChatCaseIds: ids });
    expect(erased.status).toBe(200);
    expect(erased.body.ErasedChatCases).toHaveLength(2);
    expect(erased.body.ErasedChatCases).toContain(caseReferenceOf(firstChat.CaseId));
    expect(erased.body.ErasedFiles).toBe(1);
    expect(erased.body.Kept).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Kind: 'chatCase', Reference: caseReferenceOf(keptChat.CaseId), Until: RETENTION_UNTIL }),
        expect.objectContaining({ Kind: 'caseFile', Reference: caseNumber, Until: RETENTION_UNTIL }),
      ]),
    );
    for (const kept of erased.body.Kept) expect(kept.Message).toContain('ab dem 01.01.2033');
    // Each kept chat by its reference: beside the erased ones, „Dieser Chat“ read as if an erased chat had been kept.
    expect(erased.body.Kept.find((k) => k.Kind === 'chatCase')?.Message).toMatch(
      new RegExp(
        `^Der Chat ${caseReferenceOf(keptChat.CaseId)} gehört zur Fallakte ${caseNumber} .*Die Löschung ist vorgemerkt: Dann wird er automatisch gelöscht\\.$`,
      ),
    );
    expect(fs.existsSync(uploadPathA)).toBe(false);
    for (const table of ['messages', 'files', 'ratings', 'callbacks', 'message_highlights', 'bot_progress', 'protocol_mail_confirmations'] as const) {
      expect(await app.ctx.db.selectFrom(table).select('case_id').where('case_id', '=', firstChat.CaseId).execute()).toEqual([]);
    }
    // The confirmed protocol addresses are contact data no retention duty keeps: gone although the person stays for the case file.
    expect(await app.ctx.db.selectFrom('confirmed_protocol_addresses').select('email').where('email', '=', 'erika.a@example.org').execute()).toEqual([]);
    // What the firm's invoice to the insurer rests on stays (§ 147 AO): the same CSV for the month as before the
    // erasure, from a case without the person's words, address or identity.
    expect(await invoice()).toBe(invoiceBefore);
    const remainder = await app.ctx.db.selectFrom('cases').selectAll().where('id', '=', firstChat.CaseId).executeTakeFirstOrThrow();
    expect(remainder).toMatchObject({ participant_id: 'erased-person', description: '', email: null, protocol_email: null, override_domain: null });
    const participant = await app.ctx.db.selectFrom('participants').selectAll().where('id', '=', 'erased-person').executeTakeFirstOrThrow();
    expect(participant.customer_id).toBe('erased-person');
    // Nobody can be found through it: its reference names no person any more.
    const byReference = await search(admin, { Reference: caseReferenceOf(firstChat.CaseId) });
    expect(byReference.body.Found).toBe(false);
    const after = await search(admin, { InsuranceNumber: numberA });
    expect(after.body.ChatCases.map((c) => c.Id)).toEqual([keptChat.CaseId]);
    expect(after.body.CaseFiles).toHaveLength(1);
    // The lawyer's console no longer offers the erased chat (after a reload): nothing to reread or to start a case file from.
    expect(await finishedChats()).not.toContain(firstChat.ChatId);
    // Person B is untouched.
    expect(fs.existsSync(uploadPathB)).toBe(true);
    expect((await search(admin, { InsuranceNumber: numberB, Insurer: 'default' })).body.ChatCases).toHaveLength(1);
  });

  it('should leave no callback number or phone entry of an erased chat behind when the person’s case file is kept', async () => {
    // Run after the erasure above: person A stays (the case file keeps a chat case), the first chat case was erased.
    const phonesOf = async (caseId: string) => ({
      callbacks: (await app.ctx.db.selectFrom('callbacks').select('phone').where('case_id', '=', caseId).execute()).map((r) => r.phone),
      phones: (await app.ctx.db.selectFrom('second_level_phones').select('phone').where('case_id', '=', caseId).execute()).map((r) => r.phone),
    });
    expect(await phonesOf(firstChat.CaseId)).toEqual({ callbacks: [], phones: [] });
    // The callback numbers the person left without a case are chat data too: nothing keeps them (§ 50 BRAO keeps the
    // case file and its chat case, not these), so they go although the person stays for the case file.
    const { participant_id: participantA } = await app.ctx.db
      .selectFrom('cases')
      .select('participant_id')
      .where('id', '=', keptChat.CaseId)
      .executeTakeFirstOrThrow();
    expect(await app.ctx.db.selectFrom('participants').select('id').where('id', '=', participantA).execute()).toHaveLength(1);
    expect(await app.ctx.db.selectFrom('second_level_phones').select('phone').where('participant_id', '=', participantA).execute()).toEqual([]);
    const allCallbackPhones = (await app.ctx.db.selectFrom('callbacks').select('phone').execute()).map((r) => r.phone);
    expect(allCallbackPhones).not.toContain('+491701234567');
    // The chat case the case file keeps (§ 50 BRAO) keeps its callback with its messages.
    expect((await phonesOf(keptChat.CaseId)).callbacks).toEqual(['+4915123456789']);
    expect((await search(admin, { InsuranceNumber: numberA })).body.ChatCases.map((c) => c.Id)).toEqual([keptChat.CaseId]);
  });

  it('should remove a person with no chat left entirely: customer, participant, sessions, and close their hub connection', async () => {
    const summary = await search(admin, { InsuranceNumber: numberB, Insurer: 'default' });
    let closed = false;
    personB.hub.connection.onclose(() => {
      closed = true;
    });
    const erased = await admin.post<DataErasureResult>(url('erase'), {
      InsuranceNumber: numberB,
      Insurer: 'default',
      ChatCaseIds: summary.body.ChatCases.map((c) => c.Id),
    });
    expect(erased.status).toBe(200);
    expect(erased.body.ErasedChatCases).toHaveLength(1);
    expect(erased.body.Kept).toEqual([]);
    expect(fs.existsSync(uploadPathB)).toBe(false);
    await personB.hub.waitFor(() => (closed ? true : undefined), 'the hub connection of the erased person to close');
    expect((await search(admin, { InsuranceNumber: numberB, Insurer: 'default' })).body.Found).toBe(false);
    // The person with the same number at the insurer is someone else and stays.
    expect((await search(admin, { InsuranceNumber: numberB })).body.ChatCases.map((c) => c.Id)).toEqual(['dsrInsurerCase0001']);
    // The chat session is gone with the participant: the person's browser is signed out.
    expect((await personB.http.get(`${app.webUrl}/api/authentication/user`)).status).toBe(401);
    // Nor is a hub sighting of them left (the chat lifecycle's presence, also not re-written when the connection closes).
    await app.lifecycle.presence.settled();
    const orphans = await app.ctx.db
      .selectFrom('participant_presence')
      .select('participant_id')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('participants').select('id').whereRef('participants.id', '=', 'participant_presence.participant_id'))),
      )
      .execute();
    expect(orphans).toEqual([]);
  });

  it('should audit every request with the key used but never the insurance number in clear', async () => {
    const rows = await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', 'like', 'dataRequest.%').execute();
    const actions = rows.map((r) => r.action);
    for (const action of ['dataRequest.search', 'dataRequest.archive', 'dataRequest.erase']) expect(actions).toContain(action);
    expect(rows.every((r) => r.actor_id === app.lawyers[0]?.id)).toBe(true);
    const erase = rows.find((r) => r.action === 'dataRequest.erase');
    const details = JSON.parse(erase?.details ?? '{}') as Record<string, unknown>;
    expect(details).toMatchObject({
      searchedBy: 'insuranceNumber',
      erasedChatCases: 2,
      erasedFiles: 1,
      keptCaseFiles: 1,
      keptChatCases: 1,
      caseFileNumbers: caseNumber,
    });
    // Which consultations went and which stayed, by reference (no personal data), so the firm can show it later.
    const erasedReferences = String(details.erasedReferences).split(', ');
    expect(erasedReferences).toHaveLength(2);
    expect(erasedReferences).toContain(caseReferenceOf(firstChat.CaseId));
    expect(erasedReferences.every((reference) => /^RC-\S{8}$/.test(reference))).toBe(true);
    expect(String(details.keptReferences).split(', ').sort()).toEqual([caseReferenceOf(keptChat.CaseId), caseNumber].sort());
    expect(String(details.chatReferences).split(', ').sort()).toEqual([...erasedReferences, caseReferenceOf(keptChat.CaseId)].sort());
    const archivedReferences = rows
      .filter((r) => r.action === 'dataRequest.archive')
      .map((r) => (JSON.parse(r.details) as Record<string, unknown>).chatReferences);
    expect(archivedReferences).toContainEqual(expect.stringContaining(caseReferenceOf(firstChat.CaseId)));
    // The log's text search finds the archive and the erasure by an erased chat's reference and by the case file's number.
    for (const q of [caseReferenceOf(firstChat.CaseId).toLowerCase(), caseNumber]) {
      const found = await admin.get<AuditLogPage>(`${app.chatUrl}/api/admin/audit?limit=200&q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      const actions = found.body.Entries.map((e) => e.Action);
      expect(actions).toContain('dataRequest.erase');
      expect(actions).toContain('dataRequest.archive');
    }
    const logged = JSON.stringify(rows).toUpperCase();
    for (const number of [numberA, numberB]) expect(logged).not.toContain(number.toUpperCase());
    expect(rows.filter((r) => r.action === 'dataRequest.erase')).toHaveLength(2);
    // The refused plain lawyer left no entry.
    expect(rows.some((r) => r.actor_id === app.lawyers[1]?.id)).toBe(false);
  });

  // Last: it runs the retention job years ahead, which deletes the case file the tests above look at.
  it('should erase the chat case the case file kept, by itself, once that file’s retention has ended – the request stands', async () => {
    const kept = () => app.ctx.db.selectFrom('cases').selectAll().where('id', '=', keptChat.CaseId).executeTakeFirstOrThrow();
    const messagesOfKept = async () => (await app.ctx.db.selectFrom('messages').select('id').where('case_id', '=', keptChat.CaseId).execute()).length;
    const purgeAt = (iso: string) => purgeExpired({ db: app.ctx.db, clock: { now: () => new Date(iso) }, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
    // The erasure above remembered the request on the chat case it had to keep.
    const { erasure_requested_at: requestedAt, participant_id: participantA } = await kept();
    expect(requestedAt).toBe(now.toISOString());
    expect(await messagesOfKept()).toBeGreaterThan(0);
    // An hour before the case file may go, nothing of it goes.
    expect(await purgeAt('2032-12-31T22:00:00.000Z')).toMatchObject({ caseFiles: 0, requestedErasures: 0 });
    expect(await messagesOfKept()).toBeGreaterThan(0);
    // When its retention ends the job deletes the case file and then erases the chat case as the request would have.
    expect(await purgeAt('2032-12-31T23:00:00.000Z')).toMatchObject({ caseFiles: 1, requestedErasures: 1 });
    expect(await messagesOfKept()).toBe(0);
    for (const table of ['files', 'ratings', 'callbacks', 'message_highlights', 'bot_progress', 'second_level_phones'] as const) {
      expect(await app.ctx.db.selectFrom(table).select('case_id').where('case_id', '=', keptChat.CaseId).execute()).toEqual([]);
    }
    // What the invoice rests on stays, without the person; the person is gone with their last chat case.
    expect(await kept()).toMatchObject({ participant_id: 'erased-person', description: '', email: null, protocol_email: null });
    // (Asked in the database: the run years ahead also ended the administrator's session.)
    expect(await app.ctx.db.selectFrom('participants').select('id').where('id', '=', participantA).execute()).toEqual([]);
    expect(
      await app.ctx.db
        .selectFrom('customers')
        .select('id')
        .where('number_hash', '=', numberHashOf({ sessionSecret: app.ctx.config.sessionSecret }, numberA))
        .execute(),
    ).toEqual([]);
    const entry = await app.ctx.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'dataRequest.erase')
      .where('actor_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(entry.actor_name).toBe('Automatische Löschung');
    expect(JSON.parse(entry.details)).toEqual({
      reference: caseReferenceOf(keptChat.CaseId),
      erasureRequestedAt: now.toISOString(),
      erasedChatCases: 1,
      erasedFiles: 0,
    });
    // Done once: the next run finds nothing to erase.
    expect(await purgeAt('2033-01-02T00:00:00.000Z')).toMatchObject({ requestedErasures: 0 });
  });
});
