// The phishing-resistant second factor: passkeys and security keys (WebAuthn) as the lawyers' second factor,
// over real HTTP with a software authenticator – registration after a step-up, challenges bound to session, purpose
// and origin and used once, the login with an assertion (uniform 401 and the account throttle for a bad one), counter
// regression, decoy options for unknown addresses, removal, and a passkey as the only factor under LAWYER_MFA=required.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpAt } from '../src/features/lawyer/totp.js';
import { resetLawyerMfa } from '../src/features/lawyer/resetLawyerMfa.js';
import { CookieClient } from './support/cookieClient.js';
import { SoftAuthenticator } from './support/softAuthenticator.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';
import { TestClock } from './support/testClock.js';

interface CreationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: { userVerification: string };
}
interface RequestOptions {
  challenge: string;
  rpId: string;
  allowCredentials: { id: string; type: string; transports?: string[] }[];
  userVerification: string;
  timeout: number;
}
interface Passkey {
  Id: string;
  Name: string;
  CreatedAt: string;
  LastUsedAt: string | null;
}

function setup(env: Record<string, string>) {
  const clock = new TestClock(Date.parse('2026-06-01T09:00:10Z'));
  const state = { app: undefined as unknown as TestApp, address: 0 };
  /** The structured log lines (security events) of the server. */
  const events: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (events.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
  // Every request from its own address (TRUST_PROXY), so the per-address rate limit never mixes into the per-account rules.
  const client = () => new CookieClient({ 'x-forwarded-for': `198.51.100.${(++state.address % 250) + 1}` });
  beforeAll(async () => {
    state.app = await startTestApp({ clock, env: { TRUST_PROXY: 'loopback', ...env }, logger: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => state.app?.stop());
  beforeEach(async () => {
    await state.app.ctx.db.deleteFrom('lawyer_login_throttle').execute();
  });
  const url = (path: string) => `${state.app.chatUrl}${path}`;
  const registrationOptions = (http: CookieClient, stepUp: Record<string, string> = { CurrentPassword: LAWYER_PASSWORD }) =>
    http.post<CreationOptions>(url('/api/lawyer/webauthn/registration/options'), stepUp);
  const register = (http: CookieClient, response: unknown, name?: string) =>
    http.post<Passkey & { Error?: string }>(url('/api/lawyer/webauthn/registration'), { Response: response, ...(name !== undefined ? { Name: name } : {}) });
  const loginOptions = (email: string, http = client()) => http.post<RequestOptions>(url('/api/lawyer/login/webauthn/options'), { Email: email });
  const login = (email: string, body: Record<string, unknown>, http = client()) =>
    http.post<{ Id?: string; Error?: string }>(url('/api/lawyer/login'), { Email: email, Password: LAWYER_PASSWORD, ...body });
  /** Options, then the authenticator's assertion, then the login. */
  const loginWithPasskey = async (email: string, key: SoftAuthenticator, tweaks: Parameters<SoftAuthenticator['get']>[1] = {}, http = client()) => {
    const options = await loginOptions(email, http);
    return login(email, { WebAuthn: key.get(options.body, tweaks) }, http);
  };
  const eventsNamed = (name: string) => events.filter((e) => e.event === name);
  return { clock, state, eventsNamed, client, url, registrationOptions, register, loginOptions, login, loginWithPasskey };
}

describe('lawyer passkeys (LAWYER_MFA=optional)', () => {
  const t = setup({});
  const anna = () => t.state.app.lawyers[0]!;
  const key = () => new SoftAuthenticator(t.state.app.webOrigin);
  const signedIn = new CookieClient({ 'x-forwarded-for': '203.0.113.7' });
  let annaKey: SoftAuthenticator;

  beforeAll(async () => {
    expect((await t.login(anna().email, {}, signedIn)).status).toBe(200);
  });

  it('should refuse registration options without a step-up, and with a wrong password', async () => {
    expect((await t.registrationOptions(signedIn, {})).status).toBe(400);
    const wrong = await t.registrationOptions(signedIn, { CurrentPassword: 'falsch' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ Error: 'CurrentPasswordWrong' });
    expect((await t.registrationOptions(t.client())).status).toBe(401);
  });

  it('should register a key after the password, with the rp id of the web origin and the lawyer’s label', async () => {
    const options = await t.registrationOptions(signedIn);
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe(new URL(t.state.app.webOrigin).hostname);
    expect(options.body.user.name).toBe(anna().email);
    expect(options.body.authenticatorSelection.userVerification).toBe('preferred');
    expect(options.body.excludeCredentials).toEqual([]);
    annaKey = key();
    const registered = await t.register(signedIn, annaKey.create(options.body), '  YubiKey   Büro ');
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ Name: 'YubiKey Büro', CreatedAt: t.clock.now().toISOString(), LastUsedAt: null });
    const rows = await t.state.app.ctx.db.selectFrom('lawyer_webauthn_credentials').selectAll().where('lawyer_id', '=', anna().id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ credential_id: annaKey.id, transports: '["usb"]', sign_count: 0 });
    const list = await signedIn.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'));
    expect(list.body).toEqual([registered.body]);
    expect(t.eventsNamed('lawyer-webauthn-registered')).toEqual([expect.objectContaining({ lawyerId: anna().id, passkeyId: registered.body.Id })]);
  });

  it('should name a key "Sicherheitsschlüssel" when no label is given, and exclude the registered ones', async () => {
    const options = await t.registrationOptions(signedIn);
    expect(options.body.excludeCredentials.map((c) => c.id)).toEqual([annaKey.id]);
    const second = key();
    const registered = await t.register(signedIn, second.create(options.body));
    expect(registered.body.Name).toBe('Sicherheitsschlüssel');
    expect((await t.state.app.ctx.db.deleteFrom('lawyer_webauthn_credentials').where('credential_id', '=', second.id).executeTakeFirst()).numDeletedRows).toBe(
      1n,
    );
  });

  it('should refuse an attestation over another challenge, from another origin or for another rp id', async () => {
    const foreign = key();
    for (const tweaks of [
      { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { origin: 'https://rechtschat.example.evil' },
      { rpId: 'evil.example' },
    ]) {
      const options = await t.registrationOptions(signedIn);
      const refused = await t.register(signedIn, foreign.create(options.body, tweaks));
      expect(refused.status).toBe(400);
    }
    expect((await signedIn.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'))).body).toHaveLength(1);
  });

  it('should use a registration challenge once, only in the session that asked for it and only for five minutes', async () => {
    const options = await t.registrationOptions(signedIn);
    const first = key();
    const attestation = first.create(options.body);
    // Another session of the same lawyer cannot use it …
    const otherSession = new CookieClient({ 'x-forwarded-for': '203.0.113.8' });
    expect((await t.login(anna().email, { WebAuthn: annaKey.get((await t.loginOptions(anna().email, otherSession)).body) }, otherSession)).status).toBe(200);
    expect((await t.register(otherSession, attestation)).status).toBe(400);
    // … and the failed attempt used it up, so the right session cannot replay it either.
    expect((await t.register(signedIn, attestation)).status).toBe(400);
    const late = await t.registrationOptions(signedIn);
    t.clock.advance(5 * 60_000 + 1);
    expect((await t.register(signedIn, key().create(late.body))).status).toBe(400);
    const fresh = await t.registrationOptions(signedIn);
    const replayed = key();
    const attested = replayed.create(fresh.body);
    expect((await t.register(signedIn, attested)).status).toBe(201);
    expect((await t.register(signedIn, attested)).status).toBe(400);
    await t.state.app.ctx.db.deleteFrom('lawyer_webauthn_credentials').where('credential_id', '=', replayed.id).execute();
  });

  it('should sign in with password and passkey, and record the use', async () => {
    const http = t.client();
    const options = await t.loginOptions(anna().email, http);
    expect(options.body.rpId).toBe(new URL(t.state.app.webOrigin).hostname);
    expect(options.body.allowCredentials.map((c) => c.id)).toEqual([annaKey.id]);
    t.clock.advance(60_000);
    const response = await t.login(anna().email, { WebAuthn: annaKey.get(options.body) }, http);
    expect(response.status).toBe(200);
    expect(response.body.Id).toBe(anna().id);
    expect((await http.get(t.url('/api/lawyer/me'))).status).toBe(200);
    const list = await signedIn.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'));
    expect(list.body[0]?.LastUsedAt).toBe(t.clock.now().toISOString());
    expect(t.eventsNamed('lawyer-webauthn-used').at(-1)).toMatchObject({ lawyerId: anna().id, passkeyId: list.body[0]?.Id });
  });

  it('should refuse the password alone for a lawyer whose only second factor is a passkey', async () => {
    const response = await t.login(anna().email, {});
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ Error: 'NotAuthenticated' });
  });

  it('should refuse a replayed assertion, another origin, another rp id and a missing user presence with the uniform 401', async () => {
    const wrongPassword = await t.login(anna().email, { Password: 'falsch' });
    const http = t.client();
    const options = await t.loginOptions(anna().email, http);
    const assertion = annaKey.get(options.body);
    expect((await t.login(anna().email, { WebAuthn: assertion }, http)).status).toBe(200);
    const replay = await t.login(anna().email, { WebAuthn: assertion });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(wrongPassword.body);
    for (const tweaks of [{ origin: 'https://phishing.example' }, { rpId: 'phishing.example' }, { noUserPresence: true }]) {
      const refused = await t.loginWithPasskey(anna().email, annaKey, tweaks);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(wrongPassword.body);
    }
  });

  it('should refuse an assertion over the challenge of another address', async () => {
    const markusOptions = await t.loginOptions(t.state.app.lawyers[1]!.email);
    const refused = await t.login(anna().email, { WebAuthn: annaKey.get(markusOptions.body) });
    expect(refused.status).toBe(401);
  });

  it('should answer a wrong signature with the uniform 401 and count it towards the account throttle', async () => {
    const wrongPassword = await t.login(anna().email, { Password: 'falsch' });
    for (let i = 0; i < 3; i++) {
      const refused = await t.loginWithPasskey(anna().email, annaKey, { badSignature: true });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(wrongPassword.body);
    }
    // The fifth failure in a row (one wrong password, four bad signatures) is answered with the wait it starts.
    const fifth = await t.loginWithPasskey(anna().email, annaKey, { badSignature: true });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('30');
    // Even a right assertion now waits.
    const locked = await t.loginWithPasskey(anna().email, annaKey);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('30');
    t.clock.advance(30_000);
    expect((await t.loginWithPasskey(anna().email, annaKey)).status).toBe(200);
  });

  it('should refuse a counter that does not go up, as a possible clone, and keep the stored counter', async () => {
    const before = annaKey.counter;
    const refused = await t.loginWithPasskey(anna().email, annaKey, { counter: before });
    expect(refused.status).toBe(401);
    expect((await t.loginWithPasskey(anna().email, annaKey, { counter: before - 1 })).status).toBe(401);
    const row = await t.state.app.ctx.db
      .selectFrom('lawyer_webauthn_credentials')
      .select('sign_count')
      .where('credential_id', '=', annaKey.id)
      .executeTakeFirst();
    expect(Number(row?.sign_count)).toBe(before);
    expect(t.eventsNamed('lawyer-webauthn-counter-regression').slice(-2)).toEqual([
      expect.objectContaining({ level: 50, lawyerId: anna().id, stored: before, received: before }),
      expect.objectContaining({ level: 50, lawyerId: anna().id, stored: before, received: before - 1 }),
    ]);
    expect((await t.loginWithPasskey(anna().email, annaKey, { counter: before + 5 })).status).toBe(200);
  });

  it('should answer unknown addresses and lawyers without passkeys with options shaped like real ones, the same each time', async () => {
    const real = (await t.loginOptions(anna().email)).body;
    const unknown = (await t.loginOptions('niemand@test.example')).body;
    const withoutKey = (await t.loginOptions(t.state.app.lawyers[1]!.email)).body;
    const shape = (o: RequestOptions) => ({
      keys: Object.keys(o).sort(),
      rpId: o.rpId,
      userVerification: o.userVerification,
      timeout: o.timeout,
      challengeLength: o.challenge.length,
      credentialKeys: o.allowCredentials.map((c) => Object.keys(c).sort()),
      idLength: o.allowCredentials.map((c) => c.id.length),
    });
    expect(shape(unknown).keys).toEqual(shape(real).keys);
    expect(shape(unknown)).toMatchObject({
      rpId: real.rpId,
      userVerification: real.userVerification,
      timeout: real.timeout,
      challengeLength: real.challenge.length,
    });
    expect(shape(withoutKey).keys).toEqual(shape(real).keys);
    for (const decoy of [unknown, withoutKey]) {
      expect(decoy.allowCredentials.length).toBeGreaterThan(0);
      expect(decoy.allowCredentials[0]?.id.length).toBe(real.allowCredentials[0]?.id.length);
      expect(Object.keys(decoy.allowCredentials[0]!).sort()).toEqual(Object.keys(real.allowCredentials[0]!).sort());
    }
    const again = (await t.loginOptions('niemand@test.example')).body;
    expect(again.allowCredentials).toEqual(unknown.allowCredentials);
    expect(again.challenge).not.toBe(unknown.challenge);
  });

  it('should remove a passkey, after which it no longer signs in', async () => {
    const [passkey] = (await signedIn.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'))).body;
    expect((await t.client().raw(t.url(`/api/lawyer/webauthn/credentials/${passkey!.Id}`), { method: 'DELETE' })).status).toBe(401);
    // The session alone cannot take the account back to the password: the same step-up as adding one.
    const removeUrl = t.url(`/api/lawyer/webauthn/credentials/${passkey!.Id}`);
    expect((await signedIn.request('DELETE', removeUrl)).status).toBe(400);
    expect((await signedIn.request('DELETE', removeUrl, { CurrentPassword: 'Falsches-Passwort-1' })).body).toMatchObject({ Error: 'CurrentPasswordWrong' });
    expect((await signedIn.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'))).body).toHaveLength(1);
    expect((await signedIn.request('DELETE', removeUrl, { CurrentPassword: LAWYER_PASSWORD })).status).toBe(204);
    expect(t.eventsNamed('lawyer-webauthn-removed').at(-1)).toMatchObject({ lawyerId: anna().id, passkeyId: passkey!.Id, left: 0 });
    expect((await signedIn.request('DELETE', removeUrl, { CurrentPassword: LAWYER_PASSWORD })).status).toBe(404);
    expect((await signedIn.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'))).body).toEqual([]);
    expect((await t.loginWithPasskey(anna().email, annaKey)).status).toBe(401);
    // Without any second factor left (LAWYER_MFA=optional) the password alone signs in again.
    expect((await t.login(anna().email, {})).status).toBe(200);
  });

  it('should let a lawyer with TOTP step up with a current code and then sign in with either factor', async () => {
    const markus = t.state.app.lawyers[1]!;
    const http = t.client();
    expect((await t.login(markus.email, {}, http)).status).toBe(200);
    const secret = (await http.post<{ Secret: string }>(t.url('/api/lawyer/totp/setup'), { CurrentPassword: LAWYER_PASSWORD })).body.Secret;
    t.clock.advance(30_000);
    expect((await http.post(t.url('/api/lawyer/totp/confirm'), { Code: totpAt(secret, t.clock.now().getTime()) })).status).toBe(200);
    t.clock.advance(30_000);
    const options = await t.registrationOptions(http, { Code: totpAt(secret, t.clock.now().getTime()) });
    expect(options.status).toBe(200);
    const markusKey = key();
    expect((await t.register(http, markusKey.create(options.body))).status).toBe(201);
    expect((await t.loginWithPasskey(markus.email, markusKey)).status).toBe(200);
    t.clock.advance(30_000);
    expect((await t.login(markus.email, { TotpCode: totpAt(secret, t.clock.now().getTime()) })).status).toBe(200);
    expect((await t.login(markus.email, {})).status).toBe(401);
  });

  it('should remove the passkeys too when the operator resets the second factor', async () => {
    const markus = t.state.app.lawyers[1]!;
    const reset = await resetLawyerMfa({ db: t.state.app.ctx.db, clock: t.clock }, markus.email);
    expect(reset).toMatchObject({ hadFactor: true, removedPasskeys: 1 });
    expect(await t.state.app.ctx.db.selectFrom('lawyer_webauthn_credentials').selectAll().where('lawyer_id', '=', markus.id).execute()).toEqual([]);
    expect((await t.login(markus.email, {})).status).toBe(200);
  });
});

describe('lawyer passkeys with LAWYER_MFA=required', () => {
  const t = setup({ LAWYER_MFA: 'required' });

  it('should sign a lawyer with only a passkey in without a TOTP enrolment, and refuse to remove the last factor', async () => {
    const anna = t.state.app.lawyers[0]!;
    // Under `required` a session needs a factor first: enrol TOTP at the login, add the key, then take TOTP away in the
    // database (the API offers no switching off under `required`), leaving the passkey as the only second factor.
    const http = t.client();
    const enrolment = await t.login(anna.email, {}, http);
    expect(enrolment.status).toBe(403);
    const secret = (enrolment.body as unknown as { Secret: string; EnrolmentToken: string }).Secret;
    const token = (enrolment.body as unknown as { EnrolmentToken: string }).EnrolmentToken;
    t.clock.advance(30_000);
    expect((await http.post(t.url('/api/lawyer/login/totp-enrolment'), { EnrolmentToken: token, Code: totpAt(secret, t.clock.now().getTime()) })).status).toBe(
      200,
    );
    const options = await t.registrationOptions(http);
    const key = new SoftAuthenticator(t.state.app.webOrigin);
    expect((await t.register(http, key.create(options.body))).status).toBe(201);
    await t.state.app.ctx.db.deleteFrom('lawyer_totp').where('lawyer_id', '=', anna.id).execute();
    await t.state.app.ctx.db.deleteFrom('lawyer_recovery_codes').where('lawyer_id', '=', anna.id).execute();

    // The password alone neither signs in nor starts a TOTP enrolment: the passkey is the second factor.
    const passwordOnly = await t.login(anna.email, {});
    expect(passwordOnly.status).toBe(401);
    const fresh = t.client();
    const signedIn = await t.loginWithPasskey(anna.email, key, {}, fresh);
    expect(signedIn.status).toBe(200);
    expect((await fresh.get(t.url('/api/lawyer/me'))).status).toBe(200);

    const [passkey] = (await fresh.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'))).body;
    const refused = await fresh.request('DELETE', t.url(`/api/lawyer/webauthn/credentials/${passkey!.Id}`), { CurrentPassword: LAWYER_PASSWORD });
    expect(refused.status).toBe(409);
    expect((await fresh.get<Passkey[]>(t.url('/api/lawyer/webauthn/credentials'))).body).toHaveLength(1);
  });
});
