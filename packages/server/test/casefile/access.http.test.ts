import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../../src/features/casefile/service.js';
import { browserAnswers, signatureDataUrl, startHarness, type Harness } from './harness.js';

interface Endpoint {
  method: string;
  path: (token: string, documentId: string) => string;
  json?: unknown;
  form?: () => FormData;
}

const pdfForm = () => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.7\n%EOF')], { type: 'application/pdf' }), 'brief.pdf');
  return form;
};

const protectedEndpoints: Endpoint[] = [
  { method: 'GET', path: (t) => `/api/case-file/${t}/lawyer` },
  { method: 'GET', path: (t) => `/api/case-file/${t}/case` },
  { method: 'GET', path: (t) => `/api/case-file/${t}/person` },
  { method: 'PUT', path: (t) => `/api/case-file/${t}/person`, json: { Street: 'Unter den Linden 1', PostalCode: '10117', City: 'Berlin' } },
  { method: 'GET', path: (t) => `/api/case-file/${t}/history` },
  { method: 'GET', path: (t) => `/api/case-file/${t}/documents` },
  { method: 'POST', path: (t) => `/api/case-file/${t}/documents`, form: pdfForm },
  { method: 'GET', path: (t, id) => `/api/case-file/${t}/documents/${id}` },
  { method: 'POST', path: (t) => `/api/case-file/${t}/contact`, json: { Subject: 'Frage', Message: 'Hallo' } },
  { method: 'GET', path: (t) => `/api/case-file/${t}/questionnaire` },
  { method: 'POST', path: (t) => `/api/case-file/${t}/questionnaire`, json: { Answers: browserAnswers } },
  { method: 'GET', path: (t) => `/api/case-file/${t}/power-of-attorney` },
  { method: 'POST', path: (t) => `/api/case-file/${t}/power-of-attorney`, json: { SignatureImage: signatureDataUrl, Place: 'Köln' } },
];

describe('case-file sessions are bound to one token', () => {
  let h: Harness;
  let a: CreatedCaseFile;
  let b: CreatedCaseFile;
  let cookieA: string;
  let documentOfB: string;

  beforeAll(async () => {
    h = await startHarness();
    a = await h.newCaseFile();
    b = await h.newCaseFile({ firstName: 'Bernd', phone: '+49 160 9876543', title: 'Mietminderung' });
    cookieA = (await h.login(a)).cookie ?? '';
    const cookieB = (await h.login(b)).cookie ?? '';
    const upload = await h.call('POST', `/api/case-file/${b.token}/documents`, { cookie: cookieB, body: pdfForm() });
    documentOfB = ((await upload.json()) as { Id: string }).Id;
  });
  afterAll(async () => h.close());

  const send = (endpoint: Endpoint, token: string, cookie?: string) =>
    h.call(endpoint.method, endpoint.path(token, documentOfB), {
      ...(cookie ? { cookie } : {}),
      ...(endpoint.json !== undefined ? { json: endpoint.json } : {}),
      ...(endpoint.form ? { body: endpoint.form() } : {}),
    });

  it.each(protectedEndpoints.map((e) => [`${e.method} ${e.path(':token', ':id')}`, e] as const))(
    'should refuse %s of token B with a session of token A (403)',
    async (_name, endpoint) => {
      const res = await send(endpoint, b.token, cookieA);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ Error: 'Forbidden' });
    },
  );

  it.each(protectedEndpoints.map((e) => [`${e.method} ${e.path(':token', ':id')}`, e] as const))(
    'should refuse %s without a session (401)',
    async (_name, endpoint) => {
      const res = await send(endpoint, b.token);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ Error: 'NotAuthenticated' });
    },
  );

  it('should leave B untouched after all refused calls', async () => {
    const history = await h.t.db.selectFrom('case_file_history').select('kind').where('case_file_id', '=', b.caseId).execute();
    expect(history.map((e) => e.kind).sort()).toEqual(['Created', 'DocumentUploaded']);
    const row = await h.t.db.selectFrom('case_files').selectAll().where('id', '=', b.caseId).executeTakeFirstOrThrow();
    expect([row.city, row.questionnaire_json, row.power_of_attorney_signed_at]).toEqual([null, null, null]);
  });

  it("should not return B's document to A even through A's own token", async () => {
    const res = await h.call('GET', `/api/case-file/${a.token}/documents/${documentOfB}`, { cookie: cookieA });
    expect(res.status).toBe(404);
  });

  it("should tell A only that B's link is valid on check, nothing of B's file", async () => {
    const res = await h.call('GET', `/api/case-file/${b.token}/check`, { cookie: cookieA });
    expect(await res.json()).toEqual({ Valid: true });
  });

  it('should serve every endpoint of A to the session of A', async () => {
    for (const endpoint of protectedEndpoints) {
      const docs = (await (await h.call('GET', `/api/case-file/${a.token}/documents`, { cookie: cookieA })).json()) as Array<{ Id: string }>;
      const res = await h.call(endpoint.method, endpoint.path(a.token, docs[0]?.Id ?? 'none'), {
        cookie: cookieA,
        ...(endpoint.json !== undefined ? { json: endpoint.json } : {}),
        ...(endpoint.form ? { body: endpoint.form() } : {}),
      });
      expect([200, 201, 204], `${endpoint.method} ${endpoint.path(':t', ':id')}`).toContain(res.status);
    }
  });
});
