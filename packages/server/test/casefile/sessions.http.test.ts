// Case-file sessions live in the platform's one session store (kind 'casefile', subject = case file id),
// and a cookie still opens exactly one case file, only until logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../../src/features/casefile/service.js';
import { createSessionStore } from '../../src/platform/sessions.js';
import { startHarness, type Harness } from './harness.js';

describe('case-file sessions on the platform session store', () => {
  let h: Harness;
  let a: CreatedCaseFile;
  let b: CreatedCaseFile;

  beforeAll(async () => {
    h = await startHarness();
    a = await h.newCaseFile();
    b = await h.newCaseFile({ firstName: 'Bernd', phone: '+49 160 9876543', title: 'Mietminderung' });
  });
  afterAll(async () => h.close());

  it('should store the session as kind casefile with the case file as subject and only the hash of the cookie', async () => {
    const { cookie } = await h.login(a);
    const value = cookie?.split('=')[1] ?? '';
    const rows = await h.t.db.selectFrom('sessions').selectAll().where('subject_id', '=', a.caseId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'casefile', subject_id: a.caseId });
    expect(JSON.stringify(rows)).not.toContain(value);
  });

  it('should refuse the cookie of one case file for another case file', async () => {
    const { cookie } = await h.login(a);
    expect((await h.call('GET', `/api/case-file/${a.token}/case`, { cookie })).status).toBe(200);
    const other = await h.call('GET', `/api/case-file/${b.token}/case`, { cookie });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ Error: 'Forbidden', Message: 'Sie haben keinen Zugriff auf diese Fallakte.' });
    expect(await (await h.call('GET', `/api/case-file/authenticated?token=${b.token}`, { cookie })).json()).toEqual({ Value: false });
  });

  it('should refuse the cookie after logout, for its own file and every other', async () => {
    const { cookie } = await h.login(a);
    expect((await h.call('POST', '/api/case-file/logout', { cookie })).status).toBe(204);
    for (const file of [a, b]) {
      const res = await h.call('GET', `/api/case-file/${file.token}/case`, { cookie });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an, um die Fallakte zu öffnen.' });
    }
    expect(await (await h.call('GET', '/api/case-file/authenticated', { cookie })).json()).toEqual({ Value: false });
  });

  it('should extend the idle timer on GET authenticated (the "Sitzung verlängern" call), never past the absolute limit', async () => {
    const start = h.now();
    const at = (ms: number) => h.setNow(new Date(start.getTime() + ms));
    const authenticated = async (cookie: string | undefined) =>
      (await (await h.call('GET', `/api/case-file/authenticated?token=${a.token}`, { cookie })).json()) as { Value: boolean };
    try {
      const { cookie } = await h.login(a);
      // 28 of 30 idle minutes gone: the warning's "extend" asks whether the session is live …
      at(28 * 60_000);
      expect(await authenticated(cookie)).toEqual({ Value: true });
      // … which restarts the 30 minutes: 29 minutes later (57 after the login) the file still opens.
      at(57 * 60_000);
      expect((await h.call('GET', `/api/case-file/${a.token}/case`, { cookie })).status).toBe(200);
      // Kept alive every 29 minutes up to the absolute limit of 12 hours after the login, and not a moment longer.
      for (let ms = 86 * 60_000; ms < 12 * 3_600_000; ms += 29 * 60_000) {
        at(ms);
        expect(await authenticated(cookie)).toEqual({ Value: true });
      }
      at(12 * 3_600_000);
      expect(await authenticated(cookie)).toEqual({ Value: false });
      expect((await h.call('GET', `/api/case-file/${a.token}/case`, { cookie })).status).toBe(401);
    } finally {
      h.setNow(start);
    }
  });

  it('should end the session 30 minutes after the last call when nothing extends it', async () => {
    const start = h.now();
    try {
      const { cookie } = await h.login(a);
      h.setNow(new Date(start.getTime() + 30 * 60_000));
      expect((await h.call('GET', `/api/case-file/${a.token}/case`, { cookie })).status).toBe(401);
    } finally {
      h.setNow(start);
    }
  });

  it('should not extend the idle timer on a background read of the live refresh (X-Fallakte-Refresh: background)', async () => {
    const start = h.now();
    const at = (ms: number) => h.setNow(new Date(start.getTime() + ms));
    const background = { 'X-Fallakte-Refresh': 'background' };
    try {
      const { cookie } = await h.login(a);
      // An open page reads every minute by itself: the reads are answered …
      for (let ms = 60_000; ms < 30 * 60_000; ms += 60_000) {
        at(ms);
        expect((await h.call('GET', `/api/case-file/${a.token}/documents`, { cookie, headers: background })).status).toBe(200);
      }
      // … but the session still ends 30 minutes after the client's last own call (here the login).
      at(30 * 60_000);
      expect((await h.call('GET', `/api/case-file/${a.token}/contact`, { cookie, headers: background })).status).toBe(401);
      expect((await h.call('GET', `/api/case-file/${a.token}/case`, { cookie })).status).toBe(401);
    } finally {
      h.setNow(start);
    }
  });

  it('should not accept a session of another kind for the same subject as a case-file cookie', async () => {
    const webToken = await createSessionStore(h.t.db, { now: () => h.now() }).create('web', a.caseId);
    expect((await h.call('GET', `/api/case-file/${a.token}/case`, { cookie: `fallakte=${webToken}` })).status).toBe(401);
  });

  it('should answer unknown case-file API paths with the case-file not-found body', async () => {
    const res = await h.call('GET', '/api/case-file/no/such/path');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ Error: 'NotFound', Message: 'Diese Adresse gibt es nicht.' });
  });
});
