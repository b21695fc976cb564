// „Dokument bereitstellen“: the file's lawyer shares a document with a short note into the client's Fallakte
// (POST api/lawyer/case-files/{id}/documents). It is checked like a client's upload, audited, recorded in the client's
// history; the client lists it with the lawyer's name and the note, downloads it unchanged and cannot remove it. Only
// the file's lawyer may share, only the file's client reads it, and an ended mandate's file takes nothing – on SQLite
// and PostgreSQL.
import type { CaseDocument, CreateCaseFileResult, HistoryEntry, LawyerCaseFileDetail } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, signedInCaseFile, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** The multipart body the console sends: the note first, then the file. */
function shareForm(name: string, bytes: Uint8Array, note?: string, type = 'application/pdf'): FormData {
  const form = new FormData();
  if (note !== undefined) form.append('note', note);
  for (const [key, value] of uploadForm(name, bytes, type)) form.append(key, value);
  return form;
}

describe.each(['sqlite', 'postgres'] as const)('documents the lawyer shares into the Fallakte on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let markus: CookieClient;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  const shareUrl = (caseId = created.CaseId) => `${app.chatUrl}/api/lawyer/case-files/${caseId}/documents`;
  const clientUrl = (path: string, token = created.Token) => `${app.webUrl}/api/case-file/${token}/${path}`;
  const share = (who: CookieClient, form: FormData, caseId?: string) => who.raw(shareUrl(caseId), { method: 'POST', body: form });
  const documentRows = () => app.ctx.db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', created.CaseId).execute();
  const shareAudits = () =>
    app.ctx.db
      .selectFrom('case_file_access_log')
      .select(['action', 'lawyer_id', 'document_id'])
      .where('case_file_id', '=', created.CaseId)
      .where('action', '=', 'share')
      .execute();

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    ({ anna, markus, created, client } = await signedInCaseFile(app));
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should share a document with a note that the client lists under the lawyer’s name, downloads unchanged and cannot remove', async () => {
    const res = await share(anna, shareForm('Klageentwurf.pdf', PDF_MINI, '  Bitte bis Freitag lesen.\nDanke!  '));
    expect(res.status).toBe(201);
    const shared = (await res.json()) as CaseDocument;
    expect(shared).toMatchObject({
      FileName: 'Klageentwurf.pdf',
      ContentType: 'application/pdf',
      Size: PDF_MINI.length,
      UploadedBy: 'lawyer',
      SharedBy: 'Dr. Anna Berger',
      Note: 'Bitte bis Freitag lesen.\nDanke!',
    });

    const listed = await client.get<CaseDocument[]>(clientUrl('documents'));
    expect(listed.body).toEqual([{ ...shared, Removable: false }]);
    const download = await client.raw(clientUrl(`documents/${shared.Id}`));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF_MINI);

    const removal = await client.request('DELETE', clientUrl(`documents/${shared.Id}`));
    expect(removal.status).toBe(409);
    expect(removal.body).toEqual({ Error: 'Conflict', Message: 'Dieses Dokument stammt von Ihrer Kanzlei und kann nicht entfernt werden.' });

    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body[0]).toMatchObject({
      Kind: 'DocumentShared',
      Title: 'Dokument von Ihrer Kanzlei',
      Text: 'Dr. Anna Berger hat Ihnen das Dokument „Klageentwurf.pdf“ bereitgestellt.\n\nBitte bis Freitag lesen.\nDanke!',
    });
    // The lawyer's detail lists it as the firm's, and the share is audited under the document's id.
    const detail = await anna.get<LawyerCaseFileDetail>(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}`);
    expect(detail.body.Documents).toEqual([shared]);
    expect(await shareAudits()).toEqual([{ action: 'share', lawyer_id: app.lawyers[0]?.id, document_id: shared.Id }]);
  });

  it('should share without a note, and take the file name’s ending from the content as for the client', async () => {
    const res = await share(anna, shareForm('Rechnung', PDF_MINI, '   '));
    expect(res.status).toBe(201);
    const shared = (await res.json()) as CaseDocument;
    expect(shared.FileName).toBe('Rechnung.pdf');
    expect(shared).not.toHaveProperty('Note');
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body[0]?.Text).toBe('Dr. Anna Berger hat Ihnen das Dokument „Rechnung.pdf“ bereitgestellt.');
  });

  it('should refuse another lawyer and an unknown id with 404 and no session with 401, and store nothing', async () => {
    const before = await documentRows();
    expect((await share(markus, shareForm('Fremd.pdf', PDF_MINI))).status).toBe(404);
    expect((await share(anna, shareForm('Fremd.pdf', PDF_MINI), 'unbekannt')).status).toBe(404);
    expect((await share(new CookieClient(), shareForm('Fremd.pdf', PDF_MINI))).status).toBe(401);
    expect(await documentRows()).toEqual(before);
    // Markus's refused attempt is not in the file's trail: he never opened it.
    expect((await shareAudits()).map((a) => a.lawyer_id)).not.toContain(app.lawyers[1]?.id);
  });

  it('should show a shared document to its own file’s client only', async () => {
    const shared = (await (await share(anna, shareForm('Nur für Erika.pdf', PDF_MINI))).json()) as CaseDocument;
    const other = await createCaseFileAsLawyer(app, anna);
    const { client: otherClient } = await loginCaseFileClient(app, other);
    // Another file's client: the own token does not reach the document, the foreign token is not theirs.
    expect((await otherClient.get(clientUrl(`documents/${shared.Id}`, other.Token))).status).toBe(404);
    expect((await otherClient.get<CaseDocument[]>(clientUrl('documents', other.Token))).body).toEqual([]);
    expect((await otherClient.get(clientUrl(`documents/${shared.Id}`))).status).toBe(403);
    expect((await new CookieClient().get(clientUrl(`documents/${shared.Id}`))).status).toBe(401);
  });

  it.each([
    ['an HTML page', () => shareForm('seite.html', Buffer.from('<h1>x</h1>'), undefined, 'text/html'), 415, 'UnsupportedFileType'],
    ['text under a .pdf name', () => shareForm('Bescheid.pdf', Buffer.from('kein PDF')), 415, 'ContentMismatch'],
    ['an empty file', () => shareForm('leer.pdf', Buffer.alloc(0)), 400, 'EmptyFile'],
    ['a note of 501 characters', () => shareForm('Brief.pdf', PDF_MINI, 'x'.repeat(501)), 400, 'InvalidInput'],
    ['no file', () => new FormData(), 400, 'NoFile'],
  ] as const)('should refuse %s with a German message and store nothing', async (_label, form, status, code) => {
    const before = await documentRows();
    const body = form();
    if (code === 'NoFile') body.append('note', 'Nur eine Notiz');
    const res = await share(anna, body);
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { Error: string; Message: string };
    expect(answer.Error).toBe(code);
    expect(answer.Message).toMatch(/^[A-ZÄÖÜ].+\.$/);
    expect(await documentRows()).toEqual(before);
  });

  it('should refuse a JSON body with 415', async () => {
    const res = await anna.post(shareUrl(), { FileName: 'a.pdf' });
    expect(res.status).toBe(415);
  });

  it('should refuse an ended mandate’s file with 409 and a message for the lawyer, and take documents again once reopened', async () => {
    expect((await anna.post(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}/close`)).status).toBe(200);
    const before = await documentRows();
    const refused = await share(anna, shareForm('Nachtrag.pdf', PDF_MINI));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ Error: 'Conflict', Message: expect.stringContaining('Eröffnen Sie das Mandat wieder') });
    expect(await documentRows()).toEqual(before);

    expect((await anna.post(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}/reopen`)).status).toBe(200);
    expect((await share(anna, shareForm('Nachtrag.pdf', PDF_MINI))).status).toBe(201);
  });
});
