// The client removes a wrongly uploaded document of their own over HTTP, only while no lawyer has
// opened it (the lawyer's fetch sets seen_by_firm_at, see lawyerCaseFileApi.test.ts), recorded in the history – on
// SQLite and PostgreSQL.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDocumentSeen } from '../../src/features/casefile/documentQueries.js';
import { signatureDataUrl, startHarness, type Harness } from './harness.js';
import { createTestDb, engines } from './testDb.js';

const pdf = (name: string) => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF')], { type: 'application/pdf' }), name);
  return form;
};

interface Doc {
  Id: string;
  FileName: string;
  UploadedBy: string;
  Removable?: boolean;
}

describe.each(engines)('removing an uploaded document (%s)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, await createTestDb(engine));
  });
  afterAll(async () => h.close());

  async function signedInFile() {
    const file = await h.newCaseFile();
    const cookie = (await h.login(file)).cookie ?? '';
    const url = (suffix: string) => `/api/case-file/${file.token}/${suffix}`;
    const upload = async (name: string) => (await (await h.call('POST', url('documents'), { cookie, body: pdf(name) })).json()) as Doc;
    const list = async () => (await (await h.call('GET', url('documents'), { cookie })).json()) as Doc[];
    return { file, cookie, url, upload, list };
  }

  it('should remove an unseen own upload with its bytes and record it in the history', async () => {
    const { file, cookie, url, upload, list } = await signedInFile();
    const wrong = await upload('Falsches Dokument.pdf');
    const right = await upload('Mietvertrag.pdf');
    expect(wrong.Removable).toBe(true);
    expect((await list()).map((d) => d.Removable)).toEqual([true, true]);

    const res = await h.call('DELETE', url(`documents/${wrong.Id}`), { cookie });
    expect(res.status).toBe(204);
    expect((await list()).map((d) => d.Id)).toEqual([right.Id]);
    expect((await h.call('GET', url(`documents/${wrong.Id}`), { cookie })).status).toBe(404);
    expect(await readdir(path.join(h.t.dir, 'casefiles', file.caseId))).toEqual([right.Id]);
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string; Title: string; Text: string }>;
    expect(history[0]).toMatchObject({ Kind: 'DocumentRemoved', Title: 'Dokument entfernt', Text: 'Falsches Dokument.pdf' });
    // Removing again: the document is gone.
    expect((await h.call('DELETE', url(`documents/${wrong.Id}`), { cookie })).status).toBe(404);
  });

  it('should refuse once a lawyer has opened the document, and for what the firm stored', async () => {
    const { file, cookie, url, upload, list } = await signedInFile();
    const seen = await upload('Gesehen.pdf');
    await markDocumentSeen(h.t.db, file.caseId, seen.Id, h.now());
    expect((await list())[0]?.Removable).toBe(false);
    const refused = await h.call('DELETE', url(`documents/${seen.Id}`), { cookie });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ Error: 'Conflict', Message: expect.stringContaining('bereits geöffnet') });

    const signed = await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage: signatureDataUrl, Place: 'Berlin' } });
    const vollmacht = (await signed.json()) as Doc;
    expect(vollmacht).toMatchObject({ UploadedBy: 'system' });
    expect((await list()).find((d) => d.Id === vollmacht.Id)?.Removable).toBe(false);
    expect((await h.call('DELETE', url(`documents/${vollmacht.Id}`), { cookie })).status).toBe(409);
    expect((await list()).map((d) => d.Id).sort()).toEqual([seen.Id, vollmacht.Id].sort());
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string }>;
    expect(history.map((e) => e.Kind)).not.toContain('DocumentRemoved');
  });

  it("should not remove another file's document, nor without a session", async () => {
    const mine = await signedInFile();
    const theirs = await signedInFile();
    const doc = await theirs.upload('Fremd.pdf');
    expect((await h.call('DELETE', mine.url(`documents/${doc.Id}`), { cookie: mine.cookie })).status).toBe(404);
    expect((await h.call('DELETE', theirs.url(`documents/${doc.Id}`))).status).toBe(401);
    expect((await h.call('DELETE', theirs.url(`documents/${doc.Id}`), { cookie: mine.cookie })).status).toBe(403);
    expect((await theirs.list()).map((d) => d.Id)).toEqual([doc.Id]);
  });
});
