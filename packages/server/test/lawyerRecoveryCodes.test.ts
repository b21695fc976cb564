// Recovery codes (look-up secrets) for a lawyer whose authenticator is gone – issued once when TOTP is
// confirmed, stored only as keyed hashes, each accepted once at the login in place of the TOTP code, counted by the
// per-account throttle when wrong, replaced after a step-up and removed with the factor; over real HTTP.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpAt } from '../src/features/lawyer/totp.js';
import { CookieClient } from './support/cookieClient.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';
import { TestClock } from './support/testClock.js';

const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/;

describe('lawyer recovery codes', () => {
  let app: TestApp;
  const clock = new TestClock(Date.parse('2026-06-01T09:00:10Z'));
  let address = 0;
  // Every request from its own address (TRUST_PROXY), so the per-address rate limit never mixes into the per-account rules.
  const client = () => new CookieClient({ 'x-forwarded-for': `198.51.100.${(++address % 250) + 1}` });
  const anna = () => app.lawyers[0]!;
  const login = (totpCode?: string, http = client(), password = LAWYER_PASSWORD) =>
    http.post<{ RecoveryCodesLeft?: number; Error?: string }>(`${app.chatUrl}/api/lawyer/login`, {
      Email: anna().email,
      Password: password,
      ...(totpCode !== undefined ? { TotpCode: totpCode } : {}),
    });
  const nextTotp = () => {
    clock.advance(30_000);
    return totpAt(secret, clock.now().getTime());
  };
  const storedRows = () => app.ctx.db.selectFrom('lawyer_recovery_codes').selectAll().where('lawyer_id', '=', anna().id).execute();

  let secret = '';
  let codes: string[] = [];
  const signedIn = client();

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: 'loopback' } });
    expect((await login(undefined, signedIn)).status).toBe(200);
    secret = (await signedIn.post<{ Secret: string }>(`${app.chatUrl}/api/lawyer/totp/setup`, { CurrentPassword: LAWYER_PASSWORD })).body.Secret;
  });
  afterAll(async () => app?.stop());
  beforeEach(async () => {
    await app.ctx.db.deleteFrom('lawyer_login_throttle').execute();
  });

  it('should answer the confirmation with ten distinct codes of 50 bits and store only their keyed hashes', async () => {
    const confirmed = await signedIn.post<{ RecoveryCodes: string[] }>(`${app.chatUrl}/api/lawyer/totp/confirm`, { Code: nextTotp() });
    expect(confirmed.status).toBe(200);
    codes = confirmed.body.RecoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    const rows = await storedRows();
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      const plain = code.replace('-', '');
      expect(stored).not.toContain(plain);
      // Not an unkeyed digest either: without SESSION_SECRET a dump does not allow checking a guess.
      expect(stored).not.toContain(createHash('sha256').update(plain).digest('base64url'));
      expect(stored).not.toContain(createHash('sha256').update(plain).digest('hex'));
    }
    const status = await signedIn.get(`${app.chatUrl}/api/lawyer/totp`);
    expect(status.body).toEqual({ Enabled: true, Required: false, RecoveryCodesLeft: 10 });
  });

  it('should sign in with a recovery code typed in lower case with a space instead of the dash, and tell how many are left', async () => {
    const http = client();
    const response = await login(codes[0]!.toLowerCase().replace('-', ' '), http);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Id: anna().id, RecoveryCodesLeft: 9 });
    expect((await http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    const used = (await storedRows()).filter((row) => row.used_at !== null);
    expect(used).toHaveLength(1);
  });

  it('should refuse a used recovery code with the same 401 as a wrong password', async () => {
    const replay = await login(codes[0]!);
    const wrongPassword = await login(codes[1]!, client(), 'falsches-Passwort');
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(wrongPassword.body);
    expect(replay.body).toMatchObject({ Error: 'NotAuthenticated' });
  });

  it('should let exactly one of four parallel logins with the same recovery code through', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => login(codes[2]!)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
    expect(responses.find((r) => r.status === 200)?.body).toMatchObject({ RecoveryCodesLeft: 8 });
  });

  it('should count wrong recovery codes towards the account throttle, answer the fifth with the wait and then refuse even a right one with 429', async () => {
    for (const guess of ['AAAAA-AAAAA', 'BBBBB-BBBBB', 'CCCCC-CCCCC', 'DDDDD-DDDDD']) {
      const wrong = await login(guess);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ Error: 'NotAuthenticated' });
    }
    const fifth = await login('EEEEE-EEEEE');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ Error: 'Locked' });
    const locked = await login(codes[3]!);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('30');
    // The refused attempt did not use the code up.
    clock.advance(30_000);
    expect((await login(codes[3]!)).body).toMatchObject({ RecoveryCodesLeft: 7 });
  });

  it('should refuse new codes without a step-up, with a wrong TOTP code or a wrong password', async () => {
    const none = await signedIn.post(`${app.chatUrl}/api/lawyer/totp/recovery-codes`, {});
    expect(none.status).toBe(400);
    const wrongCode = await signedIn.post(`${app.chatUrl}/api/lawyer/totp/recovery-codes`, { Code: '000000' });
    expect(wrongCode.status).toBe(400);
    const wrongPassword = await signedIn.post(`${app.chatUrl}/api/lawyer/totp/recovery-codes`, { CurrentPassword: 'falsch' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ Error: 'CurrentPasswordWrong', Field: 'CurrentPassword' });
    expect(await storedRows()).toHaveLength(10);
  });

  it('should replace every old code with new ones after the password, and again after a current TOTP code', async () => {
    const byPassword = await signedIn.post<{ RecoveryCodes: string[] }>(`${app.chatUrl}/api/lawyer/totp/recovery-codes`, {
      CurrentPassword: LAWYER_PASSWORD,
    });
    expect(byPassword.status).toBe(200);
    const renewed = byPassword.body.RecoveryCodes;
    expect(renewed).toHaveLength(10);
    expect(renewed.some((code) => codes.includes(code))).toBe(false);
    expect((await login(codes[4]!)).status).toBe(401);
    expect((await signedIn.get(`${app.chatUrl}/api/lawyer/totp`)).body).toMatchObject({ RecoveryCodesLeft: 10 });

    const byTotp = await signedIn.post<{ RecoveryCodes: string[] }>(`${app.chatUrl}/api/lawyer/totp/recovery-codes`, { Code: nextTotp() });
    expect(byTotp.status).toBe(200);
    expect((await login(renewed[0]!)).status).toBe(401);
    codes = byTotp.body.RecoveryCodes;
    expect((await login(codes[0]!)).body).toMatchObject({ RecoveryCodesLeft: 9 });
    expect(await storedRows()).toHaveLength(10);
  });

  it('should delete the codes when the factor is switched off', async () => {
    expect((await signedIn.post(`${app.chatUrl}/api/lawyer/totp/disable`, { Code: nextTotp() })).status).toBe(204);
    expect(await storedRows()).toEqual([]);
    expect((await signedIn.get(`${app.chatUrl}/api/lawyer/totp`)).body).toEqual({ Enabled: false, Required: false, RecoveryCodesLeft: 0 });
    expect((await signedIn.post(`${app.chatUrl}/api/lawyer/totp/recovery-codes`, { CurrentPassword: LAWYER_PASSWORD })).status).toBe(409);
  });
});
