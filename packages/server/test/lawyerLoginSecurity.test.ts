// The lawyer login is throttled per account – persisted, atomic under parallel requests from
// many addresses, with growing back-off – and lawyers can add a TOTP second factor.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpAt } from '../src/features/lawyer/totp.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TestClock } from './support/testClock.js';

describe('lawyer login throttle per account', () => {
  let app: TestApp;
  const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));

  // TRUST_PROXY lets the test speak for many client addresses over loopback, as an attacker with a botnet would.
  const login = (email: string, password: string, from: string, totpCode?: string) =>
    fetch(`${app.chatUrl}/api/lawyer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ Email: email, Password: password, ...(totpCode ? { TotpCode: totpCode } : {}) }),
    });
  const addresses = Array.from({ length: 31 }, (_, i) => `198.51.100.${i + 1}`);
  let malformedFactorRuns = 0;

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => app?.stop());

  it('should evaluate at most five of thirty parallel wrong passwords from thirty addresses, the fifth answered with the wait, then refuse the right one with Retry-After', async () => {
    const anna = app.lawyers[0]!;
    const responses = await Promise.all(addresses.slice(0, 30).map((from, i) => login(anna.email, `falsch-${i}`, from)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(26);
    expect(responses.filter((r) => r.status === 429).every((r) => r.headers.get('retry-after') === '30')).toBe(true);
    const right = await login(anna.email, anna.password, addresses[30]!);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('30');
    expect(await right.json()).toEqual({ Error: 'Locked', Message: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 30 Sekunden erneut.' });
    const row = await app.ctx.db.selectFrom('lawyer_login_throttle').selectAll().executeTakeFirstOrThrow();
    expect(row.failures).toBe(5);
    expect(row.account_key).not.toContain('@');
  });

  it('should double the wait with every further failure, answered at once, and let the right password in once the wait is over', async () => {
    clock.advance(30_000);
    const sixth = await login(app.lawyers[0]!.email, 'wieder-falsch', addresses[0]!);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('60');
    expect(await sixth.json()).toEqual({ Error: 'Locked', Message: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 1 Minute erneut.' });
    // From the console's origin, as the browser sends it: the wait is readable cross-origin (exposed by CORS).
    const locked = await fetch(`${app.chatUrl}/api/lawyer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addresses[1]!, origin: app.webOrigin },
      body: JSON.stringify({ Email: app.lawyers[0]!.email, Password: app.lawyers[0]!.password }),
    });
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(locked.headers.get('access-control-expose-headers')).toBe('Retry-After');
    clock.advance(60_000);
    expect((await login(app.lawyers[0]!.email, app.lawyers[0]!.password, addresses[2]!)).status).toBe(200);
    expect(await app.ctx.db.selectFrom('lawyer_login_throttle').selectAll().execute()).toEqual([]);
  });

  it.each([[{ $ne: 1 }], [['123456']], [true], [123456], [null], ['123456; DROP'], [{ WebAuthn: 'assertion' }]])(
    'should refuse the second factor %j as a malformed request (400) before the password, without counting a failure',
    async (factor) => {
      const account = app.lawyers[0]!;
      // An address of its own per case: the per-address request limit is not what this test is about.
      const from = `203.0.113.${(malformedFactorRuns += 1)}`;
      const body = typeof factor === 'object' && factor !== null && 'WebAuthn' in factor ? factor : { TotpCode: factor };
      for (const password of ['Falsches-Passwort-1', account.password]) {
        const res = await fetch(`${app.chatUrl}/api/lawyer/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify({ Email: account.email, Password: password, ...body }),
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ Error: 'BadRequest' });
      }
      expect(await app.ctx.db.selectFrom('lawyer_login_throttle').selectAll().execute()).toEqual([]);
      // Without a factor enrolled a well-typed code is still ignored, as the console sends none.
      expect((await login(account.email, account.password, from, '123456')).status).toBe(200);
    },
  );

  it('should throttle an unknown e-mail address exactly like a real account', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('niemand@test.example', 'x', addresses[i]!)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('should answer the wrong password that starts the wait with the wait itself: 429, Retry-After and the wait in German', async () => {
    const bernd = app.lawyers[1]!;
    for (let i = 0; i < 4; i++) expect((await login(bernd.email, `falsch-${i}`, addresses[i]!)).status).toBe(401);
    const fifth = await login(bernd.email, 'falsch-4', addresses[4]!);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('30');
    expect(await fifth.json()).toEqual({ Error: 'Locked', Message: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 30 Sekunden erneut.' });
    const next = await login(bernd.email, bernd.password, addresses[5]!);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('30');
  });
});

describe('lawyer TOTP second factor', () => {
  let app: TestApp;
  const clock = new TestClock(Date.parse('2026-06-01T09:00:10Z'));
  let lawyer: CookieClient;
  let secret: string;
  const email = () => app.lawyers[1]!.email;
  const password = () => app.lawyers[1]!.password;
  const login = (totpCode?: string) =>
    new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, {
      Email: email(),
      Password: password(),
      ...(totpCode === undefined ? {} : { TotpCode: totpCode }),
    });

  beforeAll(async () => {
    app = await startTestApp({ clock });
    lawyer = new CookieClient();
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/login`, { Email: email(), Password: password() })).status).toBe(200);
  });
  afterAll(async () => app?.stop());
  beforeEach(async () => {
    // Every test starts with a clean throttle; refusals below count as failures on purpose.
    await app.ctx.db.deleteFrom('lawyer_login_throttle').execute();
  });

  it('should enrol only after a first valid code and then report the factor as enabled', async () => {
    expect((await lawyer.get(`${app.chatUrl}/api/lawyer/totp`)).body).toEqual({ Enabled: false, Required: false, RecoveryCodesLeft: 0 });
    // A session alone does not set the app up (a stolen cookie must not enrol the attacker's authenticator).
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/setup`)).status).toBe(400);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/setup`, { CurrentPassword: 'Falsches-Passwort-1' })).body).toMatchObject({
      Error: 'CurrentPasswordWrong',
    });
    const setup = await lawyer.post<{ Secret: string; OtpauthUri: string }>(`${app.chatUrl}/api/lawyer/totp/setup`, { CurrentPassword: password() });
    expect(setup.status).toBe(200);
    secret = setup.body.Secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.OtpauthUri).toContain(`secret=${secret}`);
    const stored = await app.ctx.db.selectFrom('lawyer_totp').select('secret_enc').executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(secret);
    expect((await login()).status).toBe(200);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/confirm`, { Code: '000000' })).status).toBe(400);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/confirm`, { Code: totpAt(secret, clock.now().getTime()) })).status).toBe(200);
    expect((await lawyer.get(`${app.chatUrl}/api/lawyer/totp`)).body).toEqual({ Enabled: true, Required: false, RecoveryCodesLeft: 10 });
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/setup`, { CurrentPassword: password() })).status).toBe(409);
  });

  it('should refuse the password alone, a wrong code and a replayed code with the same 401', async () => {
    clock.advance(30_000);
    const none = await login();
    const wrong = await login('123456');
    expect(none.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(none.body);
    expect(wrong.body).toMatchObject({ Error: 'NotAuthenticated', Message: expect.stringContaining('prüfen Sie auch den Code') });
    const code = totpAt(secret, clock.now().getTime());
    expect((await login(code)).status).toBe(200);
    expect((await login(code)).status).toBe(401);
  });

  it('should accept the code of the next step but not one two steps old', async () => {
    clock.advance(60_000);
    expect((await login(totpAt(secret, clock.now().getTime() - 60_000))).status).toBe(401);
    expect((await login(totpAt(secret, clock.now().getTime() + 30_000))).status).toBe(200);
  });

  it('should switch the factor off only with a current code', async () => {
    clock.advance(60_000);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/disable`, { Code: '000000' })).status).toBe(400);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/totp/disable`, { Code: totpAt(secret, clock.now().getTime()) })).status).toBe(204);
    expect((await login()).status).toBe(200);
  });
});
