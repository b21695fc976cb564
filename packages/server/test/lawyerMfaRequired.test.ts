// With LAWYER_MFA=required the password alone never yields a lawyer session. A lawyer without a second
// factor enrols at the login (short-lived token + pending secret, then a first code), over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpAt } from '../src/features/lawyer/totp.js';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { CookieClient, type JsonResponse } from './support/cookieClient.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';
import { TestClock } from './support/testClock.js';

interface Enrolment {
  readonly Error: string;
  readonly Message: string;
  readonly EnrolmentToken: string;
  readonly Secret: string;
  readonly OtpauthUri: string;
}

describe('lawyer login with LAWYER_MFA=required', () => {
  let app: TestApp;
  const clock = new TestClock(Date.parse('2026-06-01T09:00:10Z'));
  let address = 0;
  // Every request from its own address (TRUST_PROXY), so the per-address rate limit never mixes into the per-account rules.
  const client = () => new CookieClient({ 'x-forwarded-for': `198.51.100.${++address}` });
  const login = (http: CookieClient, email: string, password = LAWYER_PASSWORD, totpCode?: string) =>
    http.post<Enrolment>(`${app.chatUrl}/api/lawyer/login`, { Email: email, Password: password, ...(totpCode ? { TotpCode: totpCode } : {}) });
  const enrol = (http: CookieClient, token: string, code: string) =>
    http.post(`${app.chatUrl}/api/lawyer/login/totp-enrolment`, { EnrolmentToken: token, Code: code });
  const now = () => clock.now().getTime();
  const hasSession = (http: CookieClient) => /lawyer/.test(http.cookieHeader(app.chatUrl));
  const expectNoSession = async (http: CookieClient, response: JsonResponse) => {
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(hasSession(http)).toBe(false);
    expect((await http.get(`${app.chatUrl}/api/lawyer/whoami`)).body).toBeNull();
    expect((await http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
  };

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { LAWYER_MFA: 'required', TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => app?.stop());
  beforeEach(async () => {
    await app.ctx.db.deleteFrom('lawyer_login_throttle').execute();
  });

  it('should refuse a wrong password exactly as before, without an enrolment', async () => {
    const http = client();
    const wrong = await login(http, app.lawyers[0]!.email, 'falsch');
    const unknown = await login(client(), 'niemand@test.example', 'falsch');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ Error: 'NotAuthenticated' });
    expect(wrong.text).not.toContain('Enrolment');
    await expectNoSession(http, wrong);
  });

  let secret = '';
  let token = '';
  let enrolCode = '';

  it('should answer the right password of a lawyer without a second factor with an enrolment, never a session', async () => {
    const http = client();
    const step1 = await login(http, app.lawyers[0]!.email);
    expect(step1.status).toBe(403);
    expect(step1.body).toMatchObject({ Error: 'MfaEnrolmentRequired', Message: expect.stringContaining('Zwei-Faktor-Anmeldung ist vorgeschrieben') });
    secret = step1.body.Secret;
    token = step1.body.EnrolmentToken;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(step1.body.OtpauthUri).toContain(`secret=${secret}`);
    expect(token).not.toContain(secret);
    await expectNoSession(http, step1);
    // A TotpCode for the pending secret does not turn the first step into a session either.
    const withCode = await login(http, app.lawyers[0]!.email, LAWYER_PASSWORD, totpAt(step1.body.Secret, now()));
    expect(withCode.status).toBe(403);
    await expectNoSession(http, withCode);
    // That login restarted the enrolment: only its own token and secret count now.
    expect((await enrol(http, token, totpAt(secret, now()))).status).toBe(401);
    secret = withCode.body.Secret;
    token = withCode.body.EnrolmentToken;
  });

  it('should refuse a wrong first code in German and keep the session closed', async () => {
    const http = client();
    const wrong = await enrol(http, token, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ Error: 'BadRequest', Message: expect.stringContaining('Der Code ist nicht korrekt') });
    await expectNoSession(http, wrong);
  });

  it('should enable the factor and open a working session with a valid first code', async () => {
    const http = client();
    enrolCode = totpAt(secret, now());
    const done = await enrol(http, token, enrolCode);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ Id: app.lawyers[0]!.id, Email: app.lawyers[0]!.email });
    // The recovery codes of the new factor come with this answer, once.
    expect((done.body as { RecoveryCodes: string[] }).RecoveryCodes).toHaveLength(10);
    expect(hasSession(http)).toBe(true);
    expect((await http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    expect((await http.get(`${app.chatUrl}/api/lawyer/totp`)).body).toEqual({ Enabled: true, Required: true, RecoveryCodesLeft: 10 });
  });

  it('should refuse the enrolment token a second time and the first code for the next login', async () => {
    expect((await enrol(client(), token, totpAt(secret, now() + 30_000))).status).toBe(401);
    const http = client();
    const replay = await login(http, app.lawyers[0]!.email, LAWYER_PASSWORD, enrolCode);
    expect(replay.status).toBe(401);
    await expectNoSession(http, replay);
    const alone = await login(http, app.lawyers[0]!.email);
    expect(alone.status).toBe(401);
    expect(alone.body).toEqual(replay.body);
    clock.advance(30_000);
    const fresh = await login(http, app.lawyers[0]!.email, LAWYER_PASSWORD, totpAt(secret, now()));
    expect(fresh.status).toBe(200);
    expect(hasSession(http)).toBe(true);
  });

  it('should refuse to switch the factor off while it is mandatory', async () => {
    clock.advance(30_000);
    const http = client();
    expect((await login(http, app.lawyers[0]!.email, LAWYER_PASSWORD, totpAt(secret, now()))).status).toBe(200);
    const disable = await http.post(`${app.chatUrl}/api/lawyer/totp/disable`, { Code: totpAt(secret, now() + 30_000) });
    expect(disable.status).toBe(403);
    expect(disable.body).toEqual({ Error: 'Forbidden', Message: expect.stringContaining('vorgeschrieben und kann nicht ausgeschaltet werden') });
    expect((await http.get(`${app.chatUrl}/api/lawyer/totp`)).body).toEqual({ Enabled: true, Required: true, RecoveryCodesLeft: 10 });
  });

  it('should refuse a forged, a tampered and an expired enrolment token with 401', async () => {
    const step1 = await login(client(), app.lawyers[1]!.email);
    expect(step1.status).toBe(403);
    const { EnrolmentToken: real, Secret: markusSecret } = step1.body;
    const [payload = '', signature = ''] = real.split('.');
    const otherLawyer = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace(app.lawyers[1]!.id, app.lawyers[0]!.id), 'utf8').toString(
      'base64url',
    );
    const code = totpAt(markusSecret, now());
    for (const forged of ['', 'abc', `${payload}.${'A'.repeat(signature.length)}`, `${otherLawyer}.${signature}`, `${real}.x`]) {
      const refused = await enrol(client(), forged, code);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ Error: 'NotAuthenticated', Message: expect.stringContaining('Bitte melden Sie sich erneut an.') });
    }
    clock.advance(10 * 60_000);
    const http = client();
    const expired = await enrol(http, real, totpAt(markusSecret, now()));
    expect(expired.status).toBe(401);
    await expectNoSession(http, expired);
    expect(
      (await app.ctx.db.selectFrom('lawyer_totp').select('confirmed_at').where('lawyer_id', '=', app.lawyers[1]!.id).executeTakeFirst())?.confirmed_at,
    ).toBeNull();
  });

  it('should count wrong first codes in the account throttle, like wrong passwords', async () => {
    const email = 'clara@test.example';
    await createLawyer(app.ctx.db, app.ctx.clock, { email, name: 'Clara Weiß', gender: 'female', password: LAWYER_PASSWORD, phone: '+49301234568' });
    const step1 = await login(client(), email);
    expect(step1.status).toBe(403);
    const statuses = [];
    // The first step counted once; the fourth wrong code is the fifth failure and answered with the wait it starts.
    for (let i = 0; i < 4; i++) statuses.push((await enrol(client(), step1.body.EnrolmentToken, '000000')).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const locked = await enrol(client(), step1.body.EnrolmentToken, totpAt(step1.body.Secret, now()));
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('30');
    // The login itself waits for the same account.
    expect((await login(client(), email)).status).toBe(429);
    clock.advance(30_000);
    const http = client();
    expect((await enrol(http, step1.body.EnrolmentToken, totpAt(step1.body.Secret, now()))).status).toBe(200);
    expect(hasSession(http)).toBe(true);
    expect(await app.ctx.db.selectFrom('lawyer_login_throttle').selectAll().execute()).toEqual([]);
  });
});

describe('lawyer login with LAWYER_MFA=optional (the development and test default)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it('should still sign in a lawyer without a second factor with the password alone', async () => {
    expect(app.ctx.config.lawyerMfa).toBe('optional');
    const http = new CookieClient();
    const done = await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[0]!.email, Password: LAWYER_PASSWORD });
    expect(done.status).toBe(200);
    expect((await http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    expect(await app.ctx.db.selectFrom('lawyer_totp').selectAll().execute()).toEqual([]);
    const forged = await http.post(`${app.chatUrl}/api/lawyer/login/totp-enrolment`, { EnrolmentToken: 'x.y', Code: '123456' });
    expect(forged.status).toBe(401);
  });
});
