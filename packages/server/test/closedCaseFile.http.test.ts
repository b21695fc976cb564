// A closed case file (the lawyer ended the mandate) takes no Vollmacht, document or questionnaire from the client any
// more – 409 `Conflict` with a German text, nothing stored – while the personal data and „Kontakt“ stay open; reopening
// opens them again. Over real HTTP, lawyer on the chat host, client on the web origin.
import type { CreateCaseFileResult, HistoryEntry, Questionnaire } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { browserAnswers, signatureDataUrl, startHarness, type Harness } from './casefile/harness.js';
import { submitQuestionnaire } from '../src/features/casefile/clientActions.js';
import { acceptClientUpload } from '../src/features/casefile/documents.js';
import { decodePngDataUrl, signPowerOfAttorney } from '../src/features/casefile/powerOfAttorneyService.js';
import { createMalwareScanner } from '../src/platform/files/malwareScan.js';
import { createTestDb, engines } from './casefile/testDb.js';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp, uploadForm } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const pdfBytes = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'));

describe('a case file whose mandate has ended', () => {
  let app: TestApp;
  let lawyer: CookieClient;
  let client: CookieClient;
  let created: CreateCaseFileResult;
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;
  const lawyerUrl = (path: string) => `${app.chatUrl}/api/lawyer/case-files/${created.CaseId}${path}`;
  const stored = () => app.ctx.db.selectFrom('case_files').selectAll().where('id', '=', created.CaseId).executeTakeFirstOrThrow();
  const documentRows = () => app.ctx.db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', created.CaseId).execute();
  const historyKinds = async () => (await client.get<HistoryEntry[]>(clientUrl('history'))).body.map((h) => h.Kind);
  const upload = async (name: string) => {
    const res = await client.raw(clientUrl('documents'), { method: 'POST', body: uploadForm(name, pdfBytes) });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    app = await startTestApp();
    lawyer = await loginLawyerHttp(app, 0);
    created = await createCaseFileAsLawyer(app, lawyer);
    const login = await loginCaseFileClient(app, created);
    expect(login.status).toBe(204);
    client = login.client;
    expect((await lawyer.post(lawyerUrl('/close'))).status).toBe(200);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should refuse signing the Vollmacht with 409 Conflict and leave it unsigned', async () => {
    const res = await client.post(clientUrl('power-of-attorney'), { SignatureImage: signatureDataUrl, Place: 'Köln' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      Error: 'Conflict',
      Message:
        'Ihr Fall ist abgeschlossen. Eine Vollmacht können Sie nicht mehr unterschreiben. Wenn Sie Ihrer Kanzlei noch etwas mitteilen möchten, nutzen Sie bitte „Kontaktieren Sie uns“.',
    });
    expect((await stored()).power_of_attorney_signed_at).toBeNull();
    expect(await documentRows()).toEqual([]);
    expect(await historyKinds()).not.toContain('PowerOfAttorneySigned');
  });

  it('should refuse a document upload with 409 Conflict and store no row, bytes or history entry', async () => {
    const res = await upload('Nachtrag.pdf');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      Error: 'Conflict',
      Message:
        'Ihr Fall ist abgeschlossen. Neue Dokumente nimmt die Fallakte nicht mehr an. Wenn Sie Ihrer Kanzlei noch etwas mitteilen möchten, nutzen Sie bitte „Kontaktieren Sie uns“.',
    });
    expect(await documentRows()).toEqual([]);
    expect(await historyKinds()).not.toContain('DocumentUploaded');
  });

  it('should refuse submitting the questionnaire with 409 Conflict and keep it unsubmitted', async () => {
    const res = await client.post(clientUrl('questionnaire'), { Answers: browserAnswers });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      Error: 'Conflict',
      Message:
        'Ihr Fall ist abgeschlossen. Den Fragebogen können Sie nicht mehr senden. Wenn Sie Ihrer Kanzlei noch etwas mitteilen möchten, nutzen Sie bitte „Kontaktieren Sie uns“.',
    });
    expect((await client.get<Questionnaire>(clientUrl('questionnaire'))).body).toEqual({ Submitted: false, Answers: {} });
    expect(await historyKinds()).not.toContain('Questionnaire');
  });

  it('should still take the personal data and a message to the firm', async () => {
    const person = await client.put(clientUrl('person'), { Street: 'Domstraße 1', PostalCode: '50667', City: 'Köln' });
    expect(person.status).toBe(200);
    expect(person.body).toMatchObject({ Street: 'Domstraße 1', PostalCode: '50667', City: 'Köln' });
    const contact = await client.post(clientUrl('contact'), { Subject: 'Neue Anschrift', Message: 'Ich bin umgezogen, bitte schicken Sie Post dorthin.' });
    expect(contact.status).toBe(204);
    expect(await historyKinds()).toEqual(expect.arrayContaining(['PersonUpdated', 'ContactMessage']));
  });

  it('should take the Vollmacht, documents and the questionnaire again once the mandate is reopened', async () => {
    expect((await lawyer.post(lawyerUrl('/reopen'))).status).toBe(200);
    expect((await upload('Nachtrag.pdf')).status).toBe(201);
    expect((await client.post(clientUrl('questionnaire'), { Answers: browserAnswers })).status).toBe(200);
    expect((await client.post(clientUrl('power-of-attorney'), { SignatureImage: signatureDataUrl, Place: 'Köln' })).status).toBe(201);
  });
});

// The routes refuse a closed file early; the writes decide again, so a request that read the file just before the
// lawyer ended the mandate stores nothing either (the row it carries still says open).
describe.each(engines)('a mandate ended while a client request was under way (%s)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, await createTestDb(engine));
  });
  afterAll(async () => h.close());

  async function staleOpenRow() {
    const file = await h.newCaseFile();
    const row = await h.t.db.selectFrom('case_files').selectAll().where('id', '=', file.caseId).executeTakeFirstOrThrow();
    await h.t.db.updateTable('case_files').set({ closed: 1, status: 'Abgeschlossen' }).where('id', '=', file.caseId).execute();
    return row;
  }
  const documentCount = async (id: string) => (await h.t.db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', id).execute()).length;

  it('should refuse the questionnaire in the write and keep it unsubmitted', async () => {
    const row = await staleOpenRow();
    await expect(submitQuestionnaire(h.t.db, row, browserAnswers, h.now())).rejects.toMatchObject({ status: 409, code: 'Conflict' });
    const after = await h.t.db.selectFrom('case_files').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.questionnaire_submitted_at).toBeNull();
  });

  it('should refuse the Vollmacht in the reservation and leave it unsigned', async () => {
    const row = await staleOpenRow();
    const signature = await decodePngDataUrl(signatureDataUrl);
    if (!signature.ok) throw new Error('test signature not accepted');
    await expect(signPowerOfAttorney({ db: h.t.db, dataDir: h.t.dir }, row, { png: signature.png, place: 'Köln' }, h.now())).rejects.toMatchObject({
      status: 409,
      code: 'Conflict',
      message: expect.stringContaining('Eine Vollmacht können Sie nicht mehr unterschreiben.'),
    });
    const after = await h.t.db.selectFrom('case_files').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.power_of_attorney_signed_at).toBeNull();
    expect(await documentCount(row.id)).toBe(0);
  });

  it('should refuse the upload in the insert and leave no row or bytes', async () => {
    const row = await staleOpenRow();
    const deps = {
      db: h.t.db,
      dataDir: h.t.dir,
      log: { info: () => undefined, warn: () => undefined },
      malwareScanner: createMalwareScanner({ address: null, production: false }, { warn: () => undefined, error: () => undefined }),
      maxDocuments: 100,
    };
    await expect(acceptClientUpload(deps, row.id, { fileName: 'Nachtrag.pdf', bytes: Buffer.from(pdfBytes) }, h.now())).rejects.toMatchObject({
      status: 409,
      code: 'Conflict',
    });
    expect(await documentCount(row.id)).toBe(0);
    expect(await readdir(path.join(h.t.dir, 'casefiles', row.id)).catch(() => [])).toEqual([]);
  });
});
