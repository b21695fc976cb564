// „Neuen Link erstellen“: whoever holds a case file's link can lock the real client out with wrong PINs, again after
// each lock. The file's lawyer sees the lock in the detail and replaces the link: the old link answers like an unknown
// one at once, the client's sessions end, the lock is gone, the PIN and the file stay, and the new link is answered
// once, like at creation. Only the file's lawyer may; a closed mandate's file gets a new link too (the client still reads it).
import type { CaseDetails, CreateCaseFileResult, HistoryEntry, LawyerCaseFileDetail } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('a new link for a case file on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let markus: CookieClient;
  let created: CreateCaseFileResult;
  const lawyerUrl = (path = '') => `${app.chatUrl}/api/lawyer/case-files/${created.CaseId}${path}`;
  const clientUrl = (token: string, path: string) => `${app.webUrl}/api/case-file/${token}/${path}`;
  const stored = () => app.ctx.db.selectFrom('case_files').selectAll().where('id', '=', created.CaseId).executeTakeFirstOrThrow();
  const loginBody = (token: string, pin: string) => ({ LoginData: { Pin: pin, UrlToken: token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true });

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    anna = await loginLawyerHttp(app, 0);
    markus = await loginLawyerHttp(app, 1);
    created = await createCaseFileAsLawyer(app, anna);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse another lawyer and an unknown id (404) and no session (401), and change nothing', async () => {
    const before = await stored();
    expect((await markus.post(lawyerUrl('/new-link'))).status).toBe(404);
    expect((await anna.post(`${app.chatUrl}/api/lawyer/case-files/unbekannt/new-link`)).status).toBe(404);
    expect((await new CookieClient().post(lawyerUrl('/new-link'))).status).toBe(401);
    expect((await stored()).token_hash).toBe(before.token_hash);
    expect((await loginCaseFileClient(app, created)).status).toBe(204);
  });

  it('should show the lawyer the lock that wrong PINs set, and end it with a new link that shuts the old one out', async () => {
    const { client: signedIn } = await loginCaseFileClient(app, created);
    expect((await signedIn.get(clientUrl(created.Token, 'person'))).status).toBe(200);
    expect((await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body.LoginLockedUntil).toBeNull();

    // Someone else holding the link: five wrong PINs lock the login, and even the right PIN is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await loginCaseFileClient(app, created, '0000')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await loginCaseFileClient(app, created)).status).toBe(429);
    const lockedUntil = (await stored()).locked_until;
    expect(lockedUntil).not.toBeNull();
    expect((await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body.LoginLockedUntil).toBe(lockedUntil);

    const res = await anna.post<CreateCaseFileResult>(lawyerUrl('/new-link'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const renewed = res.body;
    expect(Object.keys(renewed).sort()).toEqual(['CaseId', 'CaseNumber', 'Pin', 'Token', 'Url']);
    expect(renewed.CaseId).toBe(created.CaseId);
    expect(renewed.CaseNumber).toBe(created.CaseNumber);
    expect(renewed.Pin).toBe(created.Pin);
    expect(renewed.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.Token).not.toBe(created.Token);
    expect(renewed.Url).toBe(`${new URL(created.Url).origin}/digitale-fallakte/${renewed.Token}`);

    // Only the new token's hash is stored; the lock and its counter are gone; the lawyer's detail says so.
    const row = await stored();
    expect(row).toMatchObject({ failed_attempts: 0, locked_until: null, title: 'Kündigung', first_name: 'Erika' });
    expect(JSON.stringify(row)).not.toContain(renewed.Token);
    expect((await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body.LoginLockedUntil).toBeNull();

    // The browser signed in through the old link is signed out.
    expect((await signedIn.get(clientUrl(created.Token, 'person'))).status).toBe(401);
    expect((await signedIn.get(clientUrl(renewed.Token, 'person'))).status).toBe(401);

    // The old link answers exactly like a token that never existed, the right PIN included.
    const unknown = 'A'.repeat(43);
    const viaOld = await new CookieClient().post(`${app.webUrl}/api/case-file/login`, loginBody(created.Token, created.Pin));
    const viaUnknown = await new CookieClient().post(`${app.webUrl}/api/case-file/login`, loginBody(unknown, created.Pin));
    expect(viaOld.status).toBe(401);
    expect(viaOld.body).toEqual(viaUnknown.body);
    for (const path of ['login-information', 'check', 'consent']) {
      const old = await new CookieClient().get(clientUrl(created.Token, path));
      const never = await new CookieClient().get(clientUrl(unknown, path));
      expect([path, old.status, old.body]).toEqual([path, never.status, never.body]);
    }

    // The new link with the unchanged PIN opens the file at once, with everything in it and a word in the history.
    const { client, status } = await loginCaseFileClient(app, renewed);
    expect(status).toBe(204);
    expect((await client.get<CaseDetails>(clientUrl(renewed.Token, 'case'))).body).toMatchObject({ Title: 'Kündigung', Closed: false });
    const history = await client.get<HistoryEntry[]>(clientUrl(renewed.Token, 'history'));
    expect(history.body.filter((h) => h.Kind === 'LinkReplaced')).toEqual([
      expect.objectContaining({
        Title: 'Neuer Link zu Ihrer Fallakte',
        Text: 'Ihre Kanzlei hat Ihnen einen neuen Link zu Ihrer Fallakte gegeben. Der bisherige Link gilt nicht mehr. Ihre PIN ist unverändert.',
      }),
    ]);
    const audit = await app.ctx.db.selectFrom('case_file_access_log').select(['action', 'lawyer_id']).where('case_file_id', '=', created.CaseId).execute();
    expect(audit.filter((a) => a.action === 'link')).toEqual([{ action: 'link', lawyer_id: app.lawyers[0]?.id }]);
    created = renewed;
  });

  it('should give a closed mandate’s file a new link too, and keep it closed', async () => {
    expect((await anna.post(lawyerUrl('/close'))).status).toBe(200);
    const res = await anna.post<CreateCaseFileResult>(lawyerUrl('/new-link'));
    expect(res.status).toBe(200);
    expect((await loginCaseFileClient(app, created)).status).toBe(401);
    const { client, status } = await loginCaseFileClient(app, res.body);
    expect(status).toBe(204);
    expect((await client.get<CaseDetails>(clientUrl(res.body.Token, 'case'))).body).toMatchObject({ Closed: true });
    expect((await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body).toMatchObject({ Closed: true, LoginLockedUntil: null });
  });
});
