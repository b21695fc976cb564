// The trusted-device cookie of the lawyer login: failures from elsewhere lock an account for untrusted browsers only,
// while the browser the lawyer signed in with before keeps its own counter (OWASP's device cookies against lockout as
// a weapon). Over real HTTP, from many client addresses behind TRUST_PROXY as an attacker with a botnet would send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TestClock } from './support/testClock.js';

describe('lawyer login from a trusted device', () => {
  let app: TestApp;
  const clock = new TestClock(Date.parse('2026-06-01T09:00:00Z'));
  let address = 0;
  /** Anna's device cookie, kept for the last test (her account stays locked for untrusted browsers). */
  let annasCookie = '';

  const login = (email: string, password: string, deviceCookie?: string) =>
    fetch(`${app.chatUrl}/api/lawyer/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}`,
        ...(deviceCookie ? { cookie: deviceCookie } : {}),
      },
      body: JSON.stringify({ Email: email, Password: password }),
    });

  /** The `name=value` of the device cookie a successful login set. */
  async function deviceCookieOf(email: string, password: string): Promise<{ cookie: string; header: string }> {
    const response = await login(email, password);
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((c) => c.startsWith('rc_lawyer_device='));
    expect(header).toBeDefined();
    return { cookie: (header as string).split(';')[0] as string, header: header as string };
  }

  async function lockOut(email: string): Promise<void> {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(email, `falsch-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  }

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => app?.stop());

  it('should set the device cookie on a successful login: HttpOnly, SameSite=Strict, for 180 days', async () => {
    const { header } = await deviceCookieOf(app.lawyers[0]!.email, app.lawyers[0]!.password);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=15552000/);
  });

  it('should let the lawyer in from their trusted browser while wrong passwords from elsewhere lock the account', async () => {
    const anna = app.lawyers[0]!;
    const { cookie } = await deviceCookieOf(anna.email, anna.password);
    annasCookie = cookie;
    await lockOut(anna.email);
    expect((await login(anna.email, anna.password)).status).toBe(429);
    expect((await login(anna.email, anna.password, cookie)).status).toBe(200);
    // The lawyer's success does not lift the lock the attacker caused: untrusted browsers still wait.
    expect((await login(anna.email, anna.password)).status).toBe(429);
  });

  it('should count wrong passwords sent with a device cookie on that device alone', async () => {
    const bernd = app.lawyers[1]!;
    const { cookie } = await deviceCookieOf(bernd.email, bernd.password);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(bernd.email, `falsch-${i}`, cookie)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await login(bernd.email, bernd.password, cookie)).status).toBe(429);
    // A stolen device cookie costs the account nothing: the lawyer's other browsers are not locked.
    expect((await login(bernd.email, bernd.password)).status).toBe(200);
  });

  it('should let a signed-in lawyer confirm a change with the password from the trusted browser while the account is locked', async () => {
    const anna = app.lawyers[0]!;
    const signedIn = await login(anna.email, anna.password, annasCookie);
    expect(signedIn.status).toBe(200);
    const cookies = signedIn.headers.getSetCookie().map((c) => c.split(';')[0] as string);
    const session = cookies.find((c) => c.startsWith('rc_lawyer_session=')) as string;
    annasCookie = cookies.find((c) => c.startsWith('rc_lawyer_device=')) as string;
    const changePassword = (cookie: string) =>
      fetch(`${app.chatUrl}/api/lawyer/me/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ CurrentPassword: anna.password, NewPassword: 'Ein-ganz-neues-Passwort-2026' }),
      });
    expect((await changePassword(session)).status).toBe(429);
    const changed = await changePassword(`${session}; ${annasCookie}`);
    expect(changed.status).toBeLessThan(300);
  });

  it("should not exempt a login with another account's cookie, an altered cookie or an expired one", async () => {
    // Bernd again: his account is not locked, only his device of the test before.
    const bernd = app.lawyers[1]!;
    const { cookie: berndsCookie } = await deviceCookieOf(bernd.email, bernd.password);
    await lockOut(bernd.email);
    expect((await login(bernd.email, bernd.password, annasCookie)).status).toBe(429);
    const [name, value] = berndsCookie.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -2)}${value.endsWith('A') ? 'BB' : 'AA'}`;
    expect((await login(bernd.email, bernd.password, altered)).status).toBe(429);
    expect((await login(bernd.email, bernd.password, `${name}=kein.token`)).status).toBe(429);

    clock.advance(181 * 24 * 3_600_000);
    await lockOut(bernd.email);
    expect((await login(bernd.email, bernd.password, berndsCookie)).status).toBe(429);
  });
});
