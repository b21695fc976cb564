// Every lawyer read of a case file leaves exactly one audit row (who, which file, what, when)
// without content; reads that are refused leave none and reveal nothing.
import type { CaseDocument, CreateCaseFileResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCaseFileAccess } from '../src/features/casefile/lawyerCaseFileAccess.js';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('audit trail of lawyer access to case files', () => {
  let now = new Date('2026-11-23T10:00:00.000Z');
  const clock = { now: () => now };
  let app: TestApp;
  let lawyer: CookieClient;
  let colleague: CookieClient;
  let caseFile: CreateCaseFileResult;
  let documentId: string;
  const trail = () => app.ctx.db.selectFrom('case_file_access_log').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    app = await startTestApp({ clock });
    lawyer = await loginLawyerHttp(app, 0);
    colleague = await loginLawyerHttp(app, 1);
    caseFile = await createCaseFileAsLawyer(app, lawyer);
    const { client } = await loginCaseFileClient(app, caseFile);
    const upload = await client.raw(`${app.webUrl}/api/case-file/${caseFile.Token}/documents`, {
      method: 'POST',
      body: uploadForm('Mietvertrag.pdf', PDF_MINI),
    });
    documentId = ((await upload.json()) as CaseDocument).Id;
  });

  afterAll(async () => app?.stop());

  it('should write one row per read of the case file by its lawyer, with lawyer, file, action and time only', async () => {
    now = new Date('2026-11-23T10:05:00.000Z');
    const res = await lawyer.get<{ Title: string; LastName: string; Documents: CaseDocument[] }>(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}`);
    expect(res.status).toBe(200);
    expect(res.body.Title).toBe('Kündigung');
    expect(res.body.LastName).toBe('Muster');
    expect(res.body.Documents.map((d) => d.Id)).toEqual([documentId]);
    const rows = await trail();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        case_file_id: caseFile.CaseId,
        lawyer_id: app.lawyers[0]?.id,
        action: 'view',
        document_id: null,
        ip: '127.0.0.1',
        accessed_at: '2026-11-23T10:05:00.000Z',
      },
    ]);
    now = new Date('2026-11-23T10:06:00.000Z');
    await lawyer.get(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}`);
    expect(await trail()).toHaveLength(2);
  });

  it('should record a document download with the document id', async () => {
    now = new Date('2026-11-23T10:07:00.000Z');
    const res = await lawyer.raw(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/documents/${documentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF_MINI);
    expect(await listCaseFileAccess(app.ctx.db, caseFile.CaseId)).toEqual([
      { LawyerId: app.lawyers[0]?.id, Action: 'document', DocumentId: documentId, AccessedAt: '2026-11-23T10:07:00.000Z' },
      { LawyerId: app.lawyers[0]?.id, Action: 'view', DocumentId: null, AccessedAt: '2026-11-23T10:06:00.000Z' },
      { LawyerId: app.lawyers[0]?.id, Action: 'view', DocumentId: null, AccessedAt: '2026-11-23T10:05:00.000Z' },
    ]);
  });

  it('should answer 404 to another lawyer and 401 without a session, and audit neither as a read', async () => {
    const before = (await trail()).length;
    const base = `${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}`;
    expect((await colleague.get(base)).status).toBe(404);
    expect((await colleague.get(`${base}/documents/${documentId}`)).status).toBe(404);
    expect((await colleague.get(`${app.chatUrl}/api/lawyer/case-files/unbekannt`)).status).toBe(404);
    expect((await new CookieClient().get(base)).status).toBe(401);
    expect(await trail()).toHaveLength(before);
  });

  it('should not let the case-file client read through the lawyer endpoint', async () => {
    const { client } = await loginCaseFileClient(app, caseFile);
    expect((await client.get(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}`)).status).toBe(401);
  });
});
