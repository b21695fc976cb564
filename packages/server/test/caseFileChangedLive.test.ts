// A lawyer reading a client's Fallakte in the console learns of the client's changes at once: every change the client
// stores (contact message, contact data, questionnaire, upload and removal, Vollmacht) sends `CaseFileChanged(caseFileId)`
// over the real hub to the owning lawyer's connections only – never to a colleague, and to nobody for a file without a lawyer.
import type { CreateCaseFileResult } from '@rechtschat/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserAnswers, signatureDataUrl } from './casefile/harness.js';
import { loginCaseFileClient, uploadForm } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { connectLawyer, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF');

describe('CaseFileChanged to the lawyer’s console', () => {
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  /** The case-file ids each lawyer's connection received with CaseFileChanged. */
  const heard = { anna: [] as string[], markus: [] as string[] };
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;
  /** Waits for Anna's next signal; Markus, connected the whole time, must not have heard anything by then. */
  const annaHears = async (count: number, what: string) => {
    await waitUntil(() => (heard.anna.length >= count ? true : undefined), what, 3000);
    expect(heard.anna).toEqual(Array.from({ length: count }, () => created.CaseId));
    expect(heard.markus).toEqual([]);
  };

  beforeAll(async () => {
    app = await startTestApp();
    [anna, markus] = await Promise.all([connectLawyer(app, 0), connectLawyer(app, 1)]);
    anna.hub.connection.on('CaseFileChanged', (id: string) => heard.anna.push(id));
    markus.hub.connection.on('CaseFileChanged', (id: string) => heard.markus.push(id));
    created = (
      await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
        FirstName: 'Erika',
        LastName: 'Musterfrau',
        Phone: '+49 171 2223344',
        Title: 'Verkehrsunfall',
      })
    ).body;
    const login = await loginCaseFileClient(app, created);
    expect(login.status).toBe(204);
    client = login.client;
  });
  beforeEach(() => {
    heard.anna.length = 0;
    heard.markus.length = 0;
  });
  afterAll(async () => {
    await Promise.all([anna?.hub.stop(), markus?.hub.stop()]);
    await app?.stop();
  });

  it('should tell the owning lawyer, and not a colleague, when the client sends a contact message', async () => {
    const sent = await client.post(clientUrl('contact'), { Subject: 'Frage', Message: 'Wann höre ich von Ihnen wegen des Unfalls?' });
    expect(sent.status).toBe(204);
    await annaHears(1, 'CaseFileChanged after the contact message');
  });

  it('should tell the owning lawyer when the client uploads a document and when the client removes it again', async () => {
    const uploaded = await client.raw(clientUrl('documents'), { method: 'POST', body: uploadForm('Unfallbericht.pdf', PDF) });
    expect(uploaded.status).toBe(201);
    await annaHears(1, 'CaseFileChanged after the upload');
    const { Id } = (await uploaded.json()) as { Id: string };
    expect((await client.raw(clientUrl(`documents/${Id}`), { method: 'DELETE' })).status).toBe(204);
    await annaHears(2, 'CaseFileChanged after the removal');
  });

  it('should tell the owning lawyer about changed contact data, and nothing when the client saves what was stored', async () => {
    expect((await client.put(clientUrl('person'), { Email: 'erika@example.org', Street: 'Domstraße 1', PostalCode: '50668', City: 'Köln' })).status).toBe(200);
    await annaHears(1, 'CaseFileChanged after the contact data');
    expect((await client.put(clientUrl('person'), { Email: 'erika@example.org', Street: 'Domstraße 1', PostalCode: '50668', City: 'Köln' })).status).toBe(200);
    // A later change arrives as the second signal only if the unchanged save sent none.
    expect((await client.put(clientUrl('person'), { City: 'Bonn', PostalCode: '53111' })).status).toBe(200);
    await annaHears(2, 'CaseFileChanged after the second real change');
  });

  it('should tell the owning lawyer when the client sends the questionnaire and signs the Vollmacht', async () => {
    expect((await client.post(clientUrl('questionnaire'), { Answers: browserAnswers })).status).toBe(200);
    await annaHears(1, 'CaseFileChanged after the questionnaire');
    expect((await client.post(clientUrl('power-of-attorney'), { SignatureImage: signatureDataUrl, Place: 'Köln' })).status).toBe(201);
    await annaHears(2, 'CaseFileChanged after the Vollmacht');
  });

  it('should tell nobody about a case file without a lawyer, and still store the client’s message', async () => {
    await app.ctx.db.updateTable('case_files').set({ lawyer_id: null }).where('id', '=', created.CaseId).execute();
    try {
      expect((await client.post(clientUrl('contact'), { Subject: 'Noch da?', Message: 'Ist meine Akte noch in Bearbeitung bei Ihnen?' })).status).toBe(204);
      // A signal sent anyway would have arrived within this time, as the ones above did.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual({ anna: [], markus: [] });
    } finally {
      await app.ctx.db.updateTable('case_files').set({ lawyer_id: app.lawyers[0]!.id }).where('id', '=', created.CaseId).execute();
    }
  });

  it('should tell the holder’s consoles when a file is withdrawn, so another tab that has it open closes it', async () => {
    const mistake = (
      await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
        FirstName: 'Erika',
        LastName: 'Musterfrau',
        Phone: '+49 171 2223344',
        Title: 'Doppelt angelegt',
      })
    ).body;
    const withdrawn = await anna.http.post(`${app.chatUrl}/api/lawyer/case-files/${mistake.CaseId}/withdraw`, { Reason: 'Doppelt angelegt' });
    expect(withdrawn.status).toBe(200);
    await waitUntil(() => (heard.anna.length >= 1 ? true : undefined), 'CaseFileChanged after the withdrawal', 3000);
    expect(heard).toEqual({ anna: [mistake.CaseId], markus: [] });
  });
});
