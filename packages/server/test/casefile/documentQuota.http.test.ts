// The document quota of a case file holds against parallel uploads: the count is decided together with the insert,
// not only before the body is read – on SQLite and PostgreSQL, over real HTTP.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureDataUrl, startHarness, type Harness } from './harness.js';
import { createTestDb, engines } from './testDb.js';

/** Several hundred kilobytes, so that every upload of a burst is still being read when the others are counted. */
const pdf = (name: string) => {
  const form = new FormData();
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(400 * 1024, 0x20), Buffer.from('\n%%EOF')]);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  return form;
};

const MAX = 5;

describe.each(engines)('document quota of a case file (%s)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ maxDocumentsPerCase: MAX }, await createTestDb(engine));
  });
  afterAll(async () => h.close());

  it('should store no more than the quota when uploads arrive in parallel, and leave no bytes of the refused ones', async () => {
    const file = await h.newCaseFile();
    const cookie = (await h.login(file)).cookie ?? '';
    const url = (suffix: string) => `/api/case-file/${file.token}/${suffix}`;
    for (const name of ['Mietvertrag.pdf', 'Kündigung.pdf', 'Nebenkosten.pdf']) {
      expect((await h.call('POST', url('documents'), { cookie, body: pdf(name) })).status).toBe(201);
    }

    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => h.call('POST', url('documents'), { cookie, body: pdf(`Beleg ${i}.pdf`) })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX - 3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12 - (MAX - 3));
    const refused = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()));
    expect(refused[0]).toEqual({ Error: 'QuotaExceeded', Message: 'Die maximale Anzahl an Dokumenten für diese Fallakte ist erreicht.' });

    const documents = (await (await h.call('GET', url('documents'), { cookie })).json()) as { Id: string }[];
    expect(documents).toHaveLength(MAX);
    expect((await readdir(path.join(h.t.dir, 'casefiles', file.caseId))).sort()).toEqual(documents.map((d) => d.Id).sort());
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as { Kind: string }[];
    expect(history.filter((e) => e.Kind === 'DocumentUploaded')).toHaveLength(MAX);
  });

  it('should still sign the Vollmacht of a file whose client uploads reached the quota', async () => {
    const file = await h.newCaseFile();
    const cookie = (await h.login(file)).cookie ?? '';
    const url = (suffix: string) => `/api/case-file/${file.token}/${suffix}`;
    for (let i = 0; i < MAX; i++) expect((await h.call('POST', url('documents'), { cookie, body: pdf(`Beleg ${i}.pdf`) })).status).toBe(201);
    expect((await h.call('POST', url('documents'), { cookie, body: pdf('Einer zu viel.pdf') })).status).toBe(409);
    const signed = await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage: signatureDataUrl, Place: 'Köln' } });
    expect(signed.status).toBe(201);
  });
});
