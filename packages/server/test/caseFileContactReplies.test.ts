// The firm answers the client's message from the Fallakte: the file's lawyer writes one answer per message
// (POST api/lawyer/case-files/{id}/contacts/{contactId}/reply), the client reads it beside the message
// (GET api/case-file/{token}/contact) and in the history, and gets a mail that says only that something is new – no
// content, no link. A shared document mails the same way. Only the file's lawyer answers, only the file's client reads,
// on SQLite and PostgreSQL.
import type { ContactThread, CreateCaseFileResult, HistoryEntry, LawyerCaseFileContact, LawyerCaseFileDetail } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, signedInCaseFile, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { outboxMailsTo } from './support/outbox.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** A mail's text with quoted-printable escapes (umlauts, „“) decoded. */
const readable = (eml: string) =>
  Buffer.from(
    eml.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe.each(['sqlite', 'postgres'] as const)('the firm’s answer to a client’s message on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let markus: CookieClient;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  const lawyerUrl = (path = '', caseId = created.CaseId) => `${app.chatUrl}/api/lawyer/case-files/${caseId}${path}`;
  const clientUrl = (path: string, token = created.Token) => `${app.webUrl}/api/case-file/${token}/${path}`;
  const reply = (who: CookieClient, contactId: string, text: string, caseId?: string) =>
    who.post<LawyerCaseFileContact>(lawyerUrl(`/contacts/${contactId}/reply`, caseId), { Text: text });
  const mailsToErika = () => outboxMailsTo(app.dataDir, 'erika@example.org').map(readable);

  async function writeToFirm(who: CookieClient, subject: string, token = created.Token): Promise<string> {
    expect((await who.post(clientUrl('contact', token), { Subject: subject, Message: 'Wann ist der Termin?' })).status).toBe(204);
    const threads = await who.get<ContactThread[]>(clientUrl('contact', token));
    const sent = threads.body.find((thread) => thread.Subject === subject);
    if (!sent) throw new Error('message not listed');
    return sent.Id;
  }

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    ({ anna, markus, created, client } = await signedInCaseFile(app));
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should show the lawyer’s answer beside the client’s message and in the history, and audit it', async () => {
    const contactId = await writeToFirm(client, 'Termin');
    expect((await client.get<ContactThread[]>(clientUrl('contact'))).body[0]).toMatchObject({ Id: contactId, Subject: 'Termin', Reply: null });

    const res = await reply(anna, contactId, '  Der Termin ist am Montag um 10 Uhr.\r\nBis dann!  ');
    expect(res.status).toBe(200);
    const answer = { Text: 'Der Termin ist am Montag um 10 Uhr.\nBis dann!', Created: expect.any(String), By: 'Dr. Anna Berger' };
    expect(res.body).toEqual({ Id: contactId, Subject: 'Termin', Message: 'Wann ist der Termin?', Created: expect.any(String), Reply: answer });

    const threads = await client.get<ContactThread[]>(clientUrl('contact'));
    expect(threads.body).toEqual([{ Id: contactId, Subject: 'Termin', Message: 'Wann ist der Termin?', Created: expect.any(String), Reply: answer }]);
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body[0]).toMatchObject({
      Kind: 'ContactReply',
      Title: 'Antwort Ihrer Kanzlei',
      Text: 'Dr. Anna Berger hat auf Ihre Nachricht „Termin“ geantwortet:\n\nDer Termin ist am Montag um 10 Uhr.\nBis dann!',
    });
    const detail = await anna.get<LawyerCaseFileDetail>(lawyerUrl());
    expect(detail.body.Contacts[0]).toEqual(res.body);
    const audit = await app.ctx.db.selectFrom('case_file_access_log').select(['action', 'lawyer_id']).where('case_file_id', '=', created.CaseId).execute();
    expect(audit.filter((a) => a.action === 'reply')).toEqual([{ action: 'reply', lawyer_id: app.lawyers[0]?.id }]);
  });

  it('should mail the client that something is new for an answer and a shared document and where to find it, without the content or the link', async () => {
    const before = mailsToErika().length;
    const contactId = await writeToFirm(client, 'Rechnung vertraulich');
    expect((await reply(anna, contactId, 'Die Rechnung über 1.234 € ist beglichen.')).status).toBe(200);
    const shared = await anna.raw(lawyerUrl('/documents'), { method: 'POST', body: uploadForm('Gutachten geheim.pdf', PDF_MINI) });
    expect(shared.status).toBe(201);

    const mails = mailsToErika().slice(before);
    expect(mails).toHaveLength(2);
    const [answerMail, documentMail] = mails.sort((a, b) => Number(a.includes('bereitgestellt')) - Number(b.includes('bereitgestellt')));
    expect(answerMail).toContain('Subject: Neues in Ihrer digitalen Fallakte');
    expect(answerMail).toContain(`Aktenzeichen ${created.CaseNumber}`);
    expect(answerMail).toContain('Ihre Kanzlei hat auf Ihre Nachricht geantwortet.');
    expect(answerMail).toContain('Sie finden die Antwort in der Fallakte unter „Kontaktieren Sie uns“, direkt unter Ihrer Nachricht.');
    expect(documentMail).toContain('Ihre Kanzlei hat Ihnen ein neues Dokument bereitgestellt.');
    expect(documentMail).toContain('Sie finden es in der Fallakte unter „Dokumente“.');
    for (const mail of mails) {
      // Neither the content nor the key to the file.
      for (const secret of ['Rechnung', '1.234', 'Gutachten', created.Token, created.Pin, 'digitale-fallakte/']) expect(mail).not.toContain(secret);
    }
  });

  it('should not mail a client without an e-mail address, and still store the answer', async () => {
    const withoutMail = await anna.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
      FirstName: 'Otto',
      LastName: 'Ohnemail',
      Phone: '+49 151 98765432',
      Title: 'Nachbarstreit',
    });
    const { client: otto } = await loginCaseFileClient(app, withoutMail.body);
    const contactId = await writeToFirm(otto, 'Hecke', withoutMail.body.Token);
    const outbox = () => outboxMailsTo(app.dataDir, '').length;
    const before = outbox();
    expect((await reply(anna, contactId, 'Wir schreiben dem Nachbarn.', withoutMail.body.CaseId)).status).toBe(200);
    // The firm's own mail about Otto's message went out before; the answer adds none.
    expect(outbox()).toBe(before);
    expect((await otto.get<ContactThread[]>(clientUrl('contact', withoutMail.body.Token))).body[0]?.Reply?.Text).toBe('Wir schreiben dem Nachbarn.');
  });

  it('should refuse a second answer (409), another lawyer (404), another file’s message (404) and no session (401), and keep the first', async () => {
    const contactId = await writeToFirm(client, 'Frist');
    expect((await reply(anna, contactId, 'Die Frist endet am 31.')).status).toBe(200);
    const again = await reply(anna, contactId, 'Korrektur: am 30.');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ Error: 'Conflict', Message: 'Diese Nachricht ist bereits beantwortet. Bitte laden Sie die Fallakte neu.' });
    const open = await writeToFirm(client, 'Noch offen');
    expect((await reply(markus, open, 'Fremd')).status).toBe(404);
    expect((await new CookieClient().post(lawyerUrl(`/contacts/${open}/reply`), { Text: 'x' })).status).toBe(401);
    const other = await createCaseFileAsLawyer(app, anna);
    expect((await reply(anna, open, 'Falsche Akte', other.CaseId)).status).toBe(404);
    const threads = (await client.get<ContactThread[]>(clientUrl('contact'))).body;
    expect(threads.find((t) => t.Id === contactId)?.Reply?.Text).toBe('Die Frist endet am 31.');
    expect(threads.find((t) => t.Id === open)?.Reply).toBeNull();
  });

  it.each([
    ['an empty answer', '   ', 'Bitte schreiben Sie eine Antwort.'],
    ['only invisible characters', '\u200b\u200b', 'Bitte schreiben Sie eine Antwort.'],
    ['5,001 characters', 'x'.repeat(5001), 'Die Antwort ist zu lang. Bitte schreiben Sie höchstens 5000 Zeichen.'],
  ])('should refuse %s with 400 and store nothing', async (_label, text, message) => {
    const contactId = await writeToFirm(client, `Leer ${text.length}`);
    const res = await reply(anna, contactId, text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Error: 'BadRequest', Message: message });
    expect((await client.get<ContactThread[]>(clientUrl('contact'))).body.find((t) => t.Id === contactId)?.Reply).toBeNull();
  });

  it('should show the messages only to the file’s own client', async () => {
    const other = await createCaseFileAsLawyer(app, anna);
    const { client: otherClient } = await loginCaseFileClient(app, other);
    expect((await otherClient.get(clientUrl('contact'))).status).toBe(403);
    expect((await otherClient.get<ContactThread[]>(clientUrl('contact', other.Token))).body).toEqual([]);
    expect((await new CookieClient().get(clientUrl('contact'))).status).toBe(401);
  });

  it('should take an answer while the mandate is ended, as the file still takes the client’s messages', async () => {
    const contactId = await writeToFirm(client, 'Nach dem Ende');
    expect((await anna.post(lawyerUrl('/close'))).status).toBe(200);
    expect((await reply(anna, contactId, 'Gern, auch jetzt noch.')).status).toBe(200);
    expect((await anna.post(lawyerUrl('/reopen'))).status).toBe(200);
  });
});
