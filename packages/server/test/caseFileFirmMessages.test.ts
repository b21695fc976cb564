// The firm starts a conversation in the client's Fallakte: the file's lawyer writes a message
// (POST api/lawyer/case-files/{id}/messages), e.g. asking for a missing document. The client reads it on „Kontakt“
// beside their own messages (GET api/case-file/{token}/contact) and in the history, and gets the same mail as after an
// answer – no content, no link. Audited as 'message', logged with ids only; only the file's lawyer writes, not on a
// withdrawn file, on an ended mandate still. Over real HTTP on SQLite and PostgreSQL.
import type { ContactEntry, CreateCaseFileResult, FirmMessage, HistoryEntry, LawyerCaseFileDetail } from '@rechtschat/core';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, signedInCaseFile } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { outboxMailsTo } from './support/outbox.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** A mail's text with quoted-printable escapes (umlauts, „“) decoded. */
const readable = (eml: string) =>
  Buffer.from(
    eml.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe.each(['sqlite', 'postgres'] as const)('a message the firm starts in the Fallakte on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let markus: CookieClient;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  const logLines: string[] = [];
  const lawyerUrl = (path = '', caseId = created.CaseId) => `${app.chatUrl}/api/lawyer/case-files/${caseId}${path}`;
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;
  const write = (who: CookieClient, body: unknown, caseId?: string) => who.post<FirmMessage>(lawyerUrl('/messages', caseId), body);
  const contactList = async () => (await client.get<ContactEntry[]>(clientUrl('contact'))).body;
  const mailsToErika = () => outboxMailsTo(app.dataDir, 'erika@example.org').map(readable);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => (logLines.push(chunk.toString()), done()) }));
    app = await startTestApp({ logger, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    ({ anna, markus, created, client } = await signedInCaseFile(app));
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should store the lawyer’s message and show it to the client beside their own messages, in the history and the lawyer’s view', async () => {
    expect((await client.post(clientUrl('contact'), { Subject: 'Termin', Message: 'Wann ist der Termin?' })).status).toBe(204);
    const res = await write(anna, { Subject: '  Fehlende\u202E Unterlagen ', Text: '\r\nBitte senden Sie uns den Mietvertrag.\r\nDanke!  ' });
    expect(res.status).toBe(201);
    const message = {
      Kind: 'FirmMessage',
      Id: expect.any(String),
      Subject: 'Fehlende Unterlagen',
      Text: 'Bitte senden Sie uns den Mietvertrag.\nDanke!',
      Created: expect.any(String),
      By: 'Dr. Anna Berger',
    };
    expect(res.body).toEqual(message);

    // Newest first, the firm's message marked by its Kind, the client's own message unchanged.
    const entries = await contactList();
    expect(entries).toEqual([
      res.body,
      { Id: expect.any(String), Subject: 'Termin', Message: 'Wann ist der Termin?', Created: expect.any(String), Reply: null },
    ]);
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body[0]).toMatchObject({
      Kind: 'FirmMessage',
      Title: 'Nachricht Ihrer Kanzlei',
      Text: 'Dr. Anna Berger hat Ihnen geschrieben: „Fehlende Unterlagen“\n\nBitte senden Sie uns den Mietvertrag.\nDanke!',
    });
    const detail = (await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body;
    expect(detail.FirmMessages).toEqual([res.body]);
    // The client's messages stay the client's: no answer form for the firm's own message, no count in the list.
    expect(detail.Contacts.map((c) => c.Subject)).toEqual(['Termin']);
  });

  it('should audit the message as “message” and log it with ids only', async () => {
    const res = await write(anna, { Subject: 'Vertraulicher Betreff', Text: 'Geheimer Inhalt 4711' });
    expect(res.status).toBe(201);
    const audit = await app.ctx.db.selectFrom('case_file_access_log').select(['action', 'lawyer_id']).where('case_file_id', '=', created.CaseId).execute();
    expect(audit.filter((a) => a.action === 'message')).toContainEqual({ action: 'message', lawyer_id: app.lawyers[0]?.id });
    const logged = logLines.filter((line) => line.includes('casefile.firm_message.written'));
    expect(logged.some((line) => line.includes(res.body.Id) && line.includes(created.CaseId))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toContain('Geheimer Inhalt');
      expect(line).not.toContain('Vertraulicher Betreff');
    }
  });

  it('should mail the client that the firm wrote and where to find it, without the content or the link', async () => {
    const before = mailsToErika().length;
    expect((await write(anna, { Subject: 'Gehaltsnachweis', Text: 'Bitte laden Sie den Nachweis über 3.210 € hoch.' })).status).toBe(201);
    const mails = mailsToErika().slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [string];
    expect(mail).toContain('Subject: Neues in Ihrer digitalen Fallakte');
    expect(mail).toContain(`Aktenzeichen ${created.CaseNumber}`);
    expect(mail).toContain('Ihre Kanzlei hat Ihnen eine Nachricht geschrieben.');
    // The mail names where the message is (the Fallakte's unread badge is pinned in caseFileUnread.test.ts).
    expect(mail).toContain('Sie finden die Nachricht in der Fallakte unter „Kontaktieren Sie uns“ und können dort auch antworten.');
    for (const secret of ['Gehaltsnachweis', '3.210', created.Token, created.Pin, 'digitale-fallakte/']) expect(mail).not.toContain(secret);
  });

  it.each([
    ['an empty subject', { Subject: ' \u200b ', Text: 'Text' }, 'Bitte geben Sie einen Betreff an.'],
    ['a subject of 201 characters', { Subject: 's'.repeat(201), Text: 'Text' }, 'Der Betreff ist zu lang. Bitte schreiben Sie höchstens 200 Zeichen.'],
    ['an empty text', { Subject: 'Betreff', Text: '   ' }, 'Bitte schreiben Sie eine Nachricht.'],
    ['a text of 5,001 characters', { Subject: 'Betreff', Text: 'x'.repeat(5001) }, 'Die Nachricht ist zu lang. Bitte schreiben Sie höchstens 5000 Zeichen.'],
    ['both empty', { Subject: '', Text: '' }, 'Bitte geben Sie einen Betreff an. Bitte schreiben Sie eine Nachricht.'],
  ])('should refuse %s with 400 and a German reason, storing nothing', async (_label, body, message) => {
    const before = (await contactList()).length;
    const res = await write(anna, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Error: 'BadRequest', Message: message });
    expect(await contactList()).toHaveLength(before);
  });

  it('should refuse a body that is not { Subject, Text } of strings with 400', async () => {
    expect((await write(anna, { Subject: 'Nur Betreff' })).status).toBe(400);
    expect((await write(anna, { Subject: 1, Text: ['x'] })).status).toBe(400);
  });

  it('should answer 404 to another lawyer and for an unknown or withdrawn file, 401 without a session, and store nothing', async () => {
    const before = (await contactList()).length;
    expect((await write(markus, { Subject: 'Fremd', Text: 'Nicht meine Akte' })).status).toBe(404);
    expect((await write(anna, { Subject: 'Unbekannt', Text: 'x' }, 'cf-unknown')).status).toBe(404);
    expect((await new CookieClient().post(lawyerUrl('/messages'), { Subject: 'Ohne', Text: 'Sitzung' })).status).toBe(401);
    expect(await contactList()).toHaveLength(before);

    const mistake = await createCaseFileAsLawyer(app, anna);
    expect((await anna.post(lawyerUrl('/withdraw', mistake.CaseId), { Reason: 'Doppelt angelegt' })).status).toBe(200);
    expect((await write(anna, { Subject: 'Zu spät', Text: 'x' }, mistake.CaseId)).status).toBe(404);
    const stored = await app.ctx.db.selectFrom('case_file_firm_messages').select('id').where('case_file_id', '=', mistake.CaseId).execute();
    expect(stored).toEqual([]);
  });

  it('should take a message while the mandate is ended, as the file still takes the client’s messages and the firm’s answers', async () => {
    expect((await anna.post(lawyerUrl('/close'))).status).toBe(200);
    expect((await write(anna, { Subject: 'Schlussrechnung', Text: 'Bitte bestätigen Sie Ihre Anschrift.' })).status).toBe(201);
    expect((await anna.post(lawyerUrl('/reopen'))).status).toBe(200);
    expect((await contactList())[0]).toMatchObject({ Kind: 'FirmMessage', Subject: 'Schlussrechnung' });
  });
});
