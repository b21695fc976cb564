// „Zurückziehen“ of a document the firm shared by mistake (DELETE api/lawyer/case-files/{id}/documents/{documentId}) over
// real HTTP on both engines: the file's lawyer takes it back, also on an ended mandate; its bytes are deleted, it leaves
// the client's and the lawyer's lists, the client's download answers 404 and the client's history says so (the earlier
// entry stays, without the note). The access log and the firm's audit log name it, the structured log holds ids only.
// Another lawyer and an unknown id get 404; the client's uploads and the signed Vollmacht stay (409 `NotSharedByFirm`).
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AuditLogPage, CaseDocument, CreateCaseFileResult, HistoryEntry, LawyerCaseFileDetail } from '@rechtschat/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureDataUrl } from './casefile/harness.js';
import { signedInAdmin, signedInCaseFile, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

type Refusal = { Error: string; Message: string };

describe.each(['sqlite', 'postgres'] as const)('withdrawing a document the firm shared on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let markus: CookieClient;
  let admin: CookieClient;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  const logLines: string[] = [];
  const lawyerUrl = (suffix = '') => `${app.chatUrl}/api/lawyer/case-files/${created.CaseId}${suffix}`;
  const clientUrl = (suffix: string) => `${app.webUrl}/api/case-file/${created.Token}/${suffix}`;
  const withdraw = (who: CookieClient, documentId: string, caseId = created.CaseId) =>
    who.request<Refusal>('DELETE', `${app.chatUrl}/api/lawyer/case-files/${caseId}/documents/${encodeURIComponent(documentId)}`);
  const share = async (name: string, note?: string): Promise<CaseDocument> => {
    const form = new FormData();
    if (note !== undefined) form.append('note', note);
    for (const [key, value] of uploadForm(name, PDF_MINI)) form.append(key, value);
    const res = await anna.raw(lawyerUrl('/documents'), { method: 'POST', body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as CaseDocument;
  };
  const storedBytes = (documentId: string) => path.join(app.dataDir, 'casefiles', created.CaseId, documentId);
  const documentRow = (documentId: string) => app.ctx.db.selectFrom('case_file_documents').selectAll().where('id', '=', documentId).executeTakeFirst();
  const accessRows = (documentId: string) =>
    app.ctx.db
      .selectFrom('case_file_access_log')
      .select(['action', 'lawyer_id', 'document_id'])
      .where('case_file_id', '=', created.CaseId)
      .where('document_id', '=', documentId)
      .orderBy('id')
      .execute();
  const auditEntries = async () =>
    (await admin.get<AuditLogPage>(`${app.chatUrl}/api/admin/audit?action=caseFile.document.withdrawn`)).body.Entries.filter(
      (e) => e.TargetId === created.CaseId,
    );

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logLines.push(chunk.toString()), done()) });
    app = await startTestApp({ logger: pino({ level: 'info' }, sink), ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    ({ anna, markus, created, client } = await signedInCaseFile(app));
    ({ client: admin } = await signedInAdmin(app));
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should let the file’s lawyer take a shared document back: bytes gone, off both lists, download 404, history and audit say so', async () => {
    const mistaken = await share('Scheidungsurteil Müller.pdf', 'Sehr geehrter Herr Müller, anbei das Urteil.');
    const kept = await share('Klageentwurf.pdf');
    expect(existsSync(storedBytes(mistaken.Id))).toBe(true);
    // The client had it: listed and downloadable.
    expect((await client.raw(clientUrl(`documents/${mistaken.Id}`))).status).toBe(200);

    const res = await withdraw(anna, mistaken.Id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    // Bytes and row are gone; the other document stays.
    expect(existsSync(storedBytes(mistaken.Id))).toBe(false);
    expect(await documentRow(mistaken.Id)).toBeUndefined();
    expect(existsSync(storedBytes(kept.Id))).toBe(true);
    // The client no longer lists or reaches it; neither does the lawyer.
    const listed = await client.get<CaseDocument[]>(clientUrl('documents'));
    expect(listed.body.map((d) => d.Id)).toEqual([kept.Id]);
    const download = await client.get<Refusal>(clientUrl(`documents/${mistaken.Id}`));
    expect(download.status).toBe(404);
    expect(download.body).toEqual({ Error: 'NotFound', Message: 'Das Dokument wurde nicht gefunden.' });
    const detail = await anna.get<LawyerCaseFileDetail>(lawyerUrl());
    expect(detail.body.Documents.map((d) => d.Id)).toEqual([kept.Id]);
    expect((await anna.get(lawyerUrl(`/documents/${mistaken.Id}`))).status).toBe(404);

    // The client's history: the withdrawal on top, naming the file only; the share stays, without the note.
    const history = (await client.get<HistoryEntry[]>(clientUrl('history'))).body;
    expect(history[0]).toMatchObject({
      Kind: 'DocumentWithdrawn',
      Title: 'Dokument zurückgezogen',
      Text: 'Ihre Kanzlei hat das Dokument „Scheidungsurteil Müller.pdf“ zurückgezogen.',
    });
    expect(history.filter((h) => h.Kind === 'DocumentShared').map((h) => h.Text)).toEqual([
      'Dr. Anna Berger hat Ihnen das Dokument „Klageentwurf.pdf“ bereitgestellt.',
      'Dr. Anna Berger hat Ihnen das Dokument „Scheidungsurteil Müller.pdf“ bereitgestellt.',
    ]);
    expect(JSON.stringify(history)).not.toContain('anbei das Urteil');

    // The file's trail: the share and its withdrawal under the document's id (then the lawyer's try to open it); the
    // firm's audit log with the file name.
    expect((await accessRows(mistaken.Id)).filter((a) => a.action !== 'document')).toEqual([
      { action: 'share', lawyer_id: app.lawyers[0]?.id, document_id: mistaken.Id },
      { action: 'unshare', lawyer_id: app.lawyers[0]?.id, document_id: mistaken.Id },
    ]);
    const audit = await auditEntries();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      ActorId: app.lawyers[0]?.id,
      ActorName: 'Dr. Anna Berger',
      TargetKind: 'caseFile',
      TargetLabel: created.CaseNumber,
      Details: { document: 'Scheidungsurteil Müller.pdf', sharedAt: mistaken.Created },
    });
    // The structured log: ids only, neither the file's name nor the note.
    const events = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((e) => e.event === 'casefile.document.withdrawn');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ caseFileId: created.CaseId, lawyerId: app.lawyers[0]?.id, documentId: mistaken.Id });
    expect(logLines.join('\n')).not.toContain('Scheidungsurteil');

    // Once gone, a second request finds nothing.
    expect((await withdraw(anna, mistaken.Id)).status).toBe(404);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('should answer another lawyer, an unknown document and no session like an unknown id, and keep the document', async () => {
    const shared = await share('Vertrag.pdf');
    expect((await withdraw(markus, shared.Id)).status).toBe(404);
    expect((await withdraw(anna, shared.Id, 'unbekannt')).status).toBe(404);
    expect((await withdraw(new CookieClient(), shared.Id)).status).toBe(401);
    const unknown = await withdraw(anna, 'kein-dokument');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Error: 'NotFound', Message: 'Das Dokument wurde nicht gefunden.' });
    expect(await documentRow(shared.Id)).toBeDefined();
    expect(existsSync(storedBytes(shared.Id))).toBe(true);
    // Markus never opened the file: his attempt is not in its trail.
    expect((await accessRows(shared.Id)).map((a) => a.lawyer_id)).not.toContain(app.lawyers[1]?.id);
  });

  it('should refuse the client’s upload and the signed Vollmacht with 409 and a German reason, and keep both', async () => {
    const uploaded = await client.raw(clientUrl('documents'), { method: 'POST', body: uploadForm('Mietvertrag.pdf', PDF_MINI) });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as CaseDocument;
    const signed = await client.post<CaseDocument>(clientUrl('power-of-attorney'), { SignatureImage: signatureDataUrl, Place: 'Köln' });
    expect(signed.status).toBe(201);

    const refusedUpload = await withdraw(anna, upload.Id);
    expect(refusedUpload.status).toBe(409);
    expect(refusedUpload.body).toEqual({
      Error: 'NotSharedByFirm',
      Message:
        'Dieses Dokument hat Ihre Mandantin oder Ihr Mandant hochgeladen und kann nicht zurückgezogen werden. Zurückziehen können Sie nur Dokumente, die die Kanzlei bereitgestellt hat.',
    });
    const refusedVollmacht = await withdraw(anna, signed.body.Id);
    expect(refusedVollmacht.status).toBe(409);
    expect(refusedVollmacht.body.Error).toBe('NotSharedByFirm');
    expect(refusedVollmacht.body.Message).toMatch(/^Die unterschriebene Vollmacht kann nicht zurückgezogen werden\./);

    for (const doc of [upload, signed.body]) {
      expect(await documentRow(doc.Id)).toBeDefined();
      expect(existsSync(storedBytes(doc.Id))).toBe(true);
      // The refused attempt stays in the trail, as a refused share does.
      expect((await accessRows(doc.Id)).map((a) => a.action)).toContain('unshare');
    }
    const history = (await client.get<HistoryEntry[]>(clientUrl('history'))).body;
    expect(history.map((h) => h.Text)).not.toContain('Ihre Kanzlei hat das Dokument „Mietvertrag.pdf“ zurückgezogen.');
  });

  it('should answer 404 for a row whose bytes are gone, and remove that row when asked again', async () => {
    // What a withdrawal that failed after deleting the bytes leaves (the bytes go first).
    const shared = await share('Halb.pdf');
    rmSync(storedBytes(shared.Id));
    expect((await client.get(clientUrl(`documents/${shared.Id}`))).status).toBe(404);
    expect((await withdraw(anna, shared.Id)).status).toBe(204);
    expect(await documentRow(shared.Id)).toBeUndefined();
  });

  it('should take a shared document back on an ended mandate too', async () => {
    const shared = await share('Kostennote.pdf');
    expect((await anna.post(lawyerUrl('/close'))).status).toBe(200);
    try {
      expect((await withdraw(anna, shared.Id)).status).toBe(204);
      expect(existsSync(storedBytes(shared.Id))).toBe(false);
      expect((await client.get(clientUrl(`documents/${shared.Id}`))).status).toBe(404);
      const history = (await client.get<HistoryEntry[]>(clientUrl('history'))).body;
      expect(history[0]).toMatchObject({ Kind: 'DocumentWithdrawn', Text: 'Ihre Kanzlei hat das Dokument „Kostennote.pdf“ zurückgezogen.' });
    } finally {
      expect((await anna.post(lawyerUrl('/reopen'))).status).toBe(200);
    }
  });
});
