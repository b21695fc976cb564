import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinHasher } from '../../src/features/casefile/pin.js';
import { fastHasher, startHarness, type Harness } from './harness.js';

describe('case-file login over HTTP', () => {
  let h: Harness;
  const verified: string[] = [];
  // Wraps the real argon2 hasher to observe that every attempt runs the same verification.
  const observingHasher: PinHasher = {
    hash: (pin) => fastHasher.hash(pin),
    verify: async (hash, pin) => {
      verified.push(pin);
      return fastHasher.verify(hash, pin);
    },
  };

  beforeAll(async () => {
    h = await startHarness({ pinHasher: observingHasher, addressLimit: { maxFailures: 1000, windowMs: 60_000 } });
  });
  afterAll(async () => h.close());

  it('should set an HttpOnly SameSite=Lax session cookie on success and report the token as authenticated', async () => {
    const file = await h.newCaseFile();
    const other = await h.newCaseFile();
    const res = await h.login(file);
    expect(res.status).toBe(204);
    expect(res.setCookie).toMatch(/^fallakte=[A-Za-z0-9_-]{43};/);
    expect(res.setCookie).toContain('HttpOnly');
    expect(res.setCookie).toContain('SameSite=Lax');
    expect(res.setCookie).toContain('Path=/');
    expect(res.setCookie).not.toContain('Secure');
    const mine = await h.call('GET', `/api/case-file/authenticated?token=${file.token}`, { cookie: res.cookie });
    expect(await mine.json()).toEqual({ Value: true });
    const theirs = await h.call('GET', `/api/case-file/authenticated?token=${other.token}`, { cookie: res.cookie });
    expect(await theirs.json()).toEqual({ Value: false });
    const anonymous = await h.call('GET', `/api/case-file/authenticated?token=${file.token}`);
    expect(await anonymous.json()).toEqual({ Value: false });
  });

  it("should not count a token sent twice as no token: only this session's token is true", async () => {
    const file = await h.newCaseFile();
    const other = await h.newCaseFile();
    const { cookie } = await h.login(file);
    for (const query of [`token=${other.token}&token=${other.token}`, `token=${other.token}&token=${file.token}`]) {
      const res = await h.call('GET', `/api/case-file/authenticated?${query}`, { cookie });
      expect(await res.json(), query).toEqual({ Value: false });
    }
  });

  it('should end the presented session when the same browser logs in again', async () => {
    const file = await h.newCaseFile();
    const first = await h.login(file);
    const again = await h.call('POST', '/api/case-file/login', {
      cookie: first.cookie,
      json: { LoginData: { Pin: file.pin, UrlToken: file.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true },
    });
    expect(again.status).toBe(204);
    const second = again.headers.get('set-cookie')?.split(';')[0];
    expect(second).not.toBe(first.cookie);
    expect((await h.call('GET', `/api/case-file/${file.token}/case`, { cookie: first.cookie })).status).toBe(401);
    expect((await h.call('GET', `/api/case-file/${file.token}/case`, { cookie: second })).status).toBe(200);
  });

  it('should issue a new session id on every login', async () => {
    const file = await h.newCaseFile();
    const first = await h.login(file);
    const second = await h.login(file);
    expect(first.cookie).not.toBe(second.cookie);
  });

  it('should answer a wrong PIN and an unknown token identically, after the same verification work', async () => {
    const file = await h.newCaseFile();
    verified.length = 0;
    const wrongPin = await h.login(file, '0000');
    const unknown = await h.login({ ...file, token: 'A'.repeat(43) }, '0000');
    const malformed = await h.login({ ...file, token: '../etc' }, '0000');
    expect(wrongPin.status).toBe(401);
    expect(unknown).toEqual(wrongPin);
    expect(malformed).toEqual(wrongPin);
    expect(wrongPin.body).toEqual({ Error: 'NotAuthenticated', Message: expect.stringContaining('Noch 4 Versuche'), AttemptsLeft: 4 });
    expect(verified).toEqual(['0000', '0000', '0000']);
    expect(wrongPin.setCookie).toBeNull();
  });

  it('should tell the attempts left from the first wrong PIN (4, 3, 2, 1) and lock the file after five wrong PINs with 429, a German message, the lock end and Retry-After', async () => {
    const file = await h.newCaseFile();
    const refusals = [];
    for (let i = 0; i < 4; i++) {
      const res = await h.login(file, '9999');
      expect(res.status).toBe(401);
      refusals.push(res.body);
    }
    // From the first wrong PIN on the attempts left are told: 5 allowed, so 4 after the first (A6: an unknown token says 4 too).
    expect(refusals).toEqual([
      {
        Error: 'NotAuthenticated',
        Message: 'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN. Noch 4 Versuche, danach wird die Anmeldung vorübergehend gesperrt.',
        AttemptsLeft: 4,
      },
      { Error: 'NotAuthenticated', Message: expect.stringContaining('Noch 3 Versuche'), AttemptsLeft: 3 },
      { Error: 'NotAuthenticated', Message: expect.stringContaining('Noch 2 Versuche'), AttemptsLeft: 2 },
      { Error: 'NotAuthenticated', Message: expect.stringContaining('Noch 1 Versuch,'), AttemptsLeft: 1 },
    ]);
    // The fifth wrong PIN locks the file and the answer says so at once, with how long and until when.
    const fifth = await h.login(file, '9999');
    expect(fifth.status).toBe(429);
    const lockedUntil = new Date(h.now().getTime() + 15 * 60_000).toISOString();
    expect(fifth.body).toEqual({ Error: 'Locked', Message: expect.stringContaining('15 Minuten'), LockedUntil: lockedUntil, LockedForSeconds: 900 });
    const res = await h.call('POST', '/api/case-file/login', {
      json: { LoginData: { Pin: file.pin, UrlToken: file.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({ Error: 'Locked', Message: expect.stringContaining('15 Minuten'), LockedUntil: lockedUntil, LockedForSeconds: 900 });
    expect(h.logs.some((l) => (l.fields as { event?: string }).event === 'casefile.login.lockout')).toBe(true);
    // A reloaded login page learns the lock from the login information (only for this known token).
    const info = await h.call('GET', `/api/case-file/${file.token}/login-information`);
    expect(await info.json()).toEqual({ PhoneNumberPart: expect.any(String), LockedUntil: lockedUntil, LockedForSeconds: 900 });
    h.setNow(new Date(h.now().getTime() + 10 * 60_000));
    const later = await h.call('GET', `/api/case-file/${file.token}/login-information`);
    expect(await later.json()).toEqual({ PhoneNumberPart: expect.any(String), LockedUntil: lockedUntil, LockedForSeconds: 300 });
    h.setNow(new Date(Date.parse(lockedUntil) + 1000));
    const free = await h.call('GET', `/api/case-file/${file.token}/login-information`);
    expect(await free.json()).toEqual({ PhoneNumberPart: expect.any(String) });
  });

  it.each(['09999', '999', '12a4', '12 34', '', '١٢٣٤'])(
    'should answer the PIN %j, which is not four digits, with 400 InvalidInput without using one of the five attempts',
    async (pin) => {
      const file = await h.newCaseFile();
      for (let i = 0; i < 6; i++) {
        const res = await h.login(file, pin);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ Error: 'InvalidInput', Message: 'Die PIN besteht aus den letzten vier Ziffern Ihrer Telefonnummer.' });
      }
      // The first wrong PIN after them is still the first: four attempts left.
      expect((await h.login(file, '9999')).body).toMatchObject({ AttemptsLeft: 4 });
      expect((await h.login(file, '9999')).body).toMatchObject({ AttemptsLeft: 3 });
    },
  );

  it('should read a PIN with spaces around it or typed in full-width digits as the four digits', async () => {
    const spaced = await h.newCaseFile();
    expect((await h.login(spaced, ` ${spaced.pin}\t`)).status).toBe(204);
    const fullWidth = await h.newCaseFile();
    const wide = [...fullWidth.pin].map((digit) => String.fromCodePoint(0xff10 + Number(digit))).join('');
    expect((await h.login(fullWidth, wide)).status).toBe(204);
    // A wrong PIN typed so is one wrong PIN, like '9999'.
    const wrong = await h.newCaseFile();
    expect((await h.login(wrong, ' 9999')).status).toBe(401);
    expect((await h.login(wrong, '999９')).body).toMatchObject({ AttemptsLeft: 3 });
  });

  it('should answer every attempt on an unknown token like a first wrong PIN (four attempts left), counting nothing', async () => {
    const unknown = { token: 'D'.repeat(43), pin: '0000' };
    for (let i = 0; i < 3; i++) {
      const res = await h.call('POST', '/api/case-file/login', {
        json: { LoginData: { Pin: unknown.pin, UrlToken: unknown.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true },
      });
      expect(await res.json()).toEqual({ Error: 'NotAuthenticated', Message: expect.stringContaining('Noch 4 Versuche'), AttemptsLeft: 4 });
    }
  });

  it('should store consent with its time and report it through the consent endpoint', async () => {
    const file = await h.newCaseFile();
    const before = await h.call('GET', `/api/case-file/${file.token}/consent`);
    expect(await before.json()).toEqual({ Value: false });
    h.setNow(new Date('2026-06-02T08:15:00Z'));
    expect((await h.login(file)).status).toBe(204);
    const after = await h.call('GET', `/api/case-file/${file.token}/consent`);
    expect(await after.json()).toEqual({ Value: true });
    const row = await h.t.db
      .selectFrom('case_files')
      .select(['consent_privacy_at', 'consent_terms_at'])
      .where('id', '=', file.caseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ consent_privacy_at: '2026-06-02T08:15:00.000Z', consent_terms_at: '2026-06-02T08:15:00.000Z' });
  });

  it('should require both consents on the first login', async () => {
    const file = await h.newCaseFile();
    const res = await h.call('POST', '/api/case-file/login', {
      json: { LoginData: { Pin: file.pin, UrlToken: file.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: false },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ Error: 'ConsentRequired' });
  });

  it('should show the masked phone part only for a known token', async () => {
    const file = await h.newCaseFile();
    const res = await h.call('GET', `/api/case-file/${file.token}/login-information`);
    expect(await res.json()).toEqual({ PhoneNumberPart: '+49 151 ••• 45' });
    const unknown = await h.call('GET', `/api/case-file/${'B'.repeat(43)}/login-information`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ Error: 'NotFound' });
  });

  it('should answer check before login only that the link is valid (no id, state or date), the summary after, and 404 for unknown tokens', async () => {
    const file = await h.newCaseFile();
    const before = (await (await h.call('GET', `/api/case-file/${file.token}/check`)).json()) as Record<string, unknown>;
    expect(before).toEqual({ Valid: true });
    const { cookie } = await h.login(file);
    const after = (await (await h.call('GET', `/api/case-file/${file.token}/check`, { cookie })).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ CaseId: file.caseId, Title: 'Kündigung des Arbeitsvertrags', FieldOfLaw: 'Arbeitsrecht' });
    expect((await h.call('GET', `/api/case-file/${'C'.repeat(43)}/check`)).status).toBe(404);
  });

  it('should end the session on logout', async () => {
    const file = await h.newCaseFile();
    const { cookie } = await h.login(file);
    const res = await h.call('POST', '/api/case-file/logout', { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toContain('fallakte=;');
    expect((await h.call('GET', `/api/case-file/${file.token}/case`, { cookie })).status).toBe(401);
  });

  it('should expire the session after 30 minutes without activity', async () => {
    const file = await h.newCaseFile();
    const { cookie } = await h.login(file);
    h.setNow(new Date(h.now().getTime() + 31 * 60_000));
    const res = await h.call('GET', `/api/case-file/${file.token}/case`, { cookie });
    expect(res.status).toBe(401);
  });

  it('should answer malformed JSON and wrong shapes with 400 JSON errors', async () => {
    const bad = await h.call('POST', '/api/case-file/login', { body: '{"LoginData":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ Error: 'InvalidJson', Message: 'Die Anfrage enthält kein gültiges JSON.' });
    const shape = await h.call('POST', '/api/case-file/login', { json: { LoginData: { Pin: 1234 } } });
    expect(shape.status).toBe(400);
    expect(await shape.json()).toMatchObject({ Error: 'InvalidInput' });
  });

  it('should refuse state-changing requests a browser marks as cross-site', async () => {
    const file = await h.newCaseFile();
    const res = await h.call('POST', '/api/case-file/login', {
      headers: { 'sec-fetch-site': 'cross-site' },
      json: { LoginData: { Pin: file.pin, UrlToken: file.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ Error: 'CrossSiteRequest' });
    const sameOrigin = await h.call('POST', '/api/case-file/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(204);
  });

  it('should refuse a form-encoded login', async () => {
    const res = await h.call('POST', '/api/case-file/login', { body: 'Pin=1234', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ Error: 'UnsupportedMediaType' });
  });

  it('should answer any JSON body on login with a 4xx JSON error, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ LoginData: fc.jsonValue(), AgreedPrivacyWithLawyer: fc.jsonValue(), AgreedTermsOfService: fc.jsonValue() })),
        async (body) => {
          const res = await h.call('POST', '/api/case-file/login', { json: body });
          expect([400, 401]).toContain(res.status);
          expect(await res.json()).toHaveProperty('Error');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should send no-referrer, no-store and nosniff on every answer', async () => {
    const res = await h.call('GET', `/api/case-file/${'D'.repeat(43)}/consent`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('should never log a token or a PIN', async () => {
    const file = await h.newCaseFile({ phone: '+49 170 5550173' });
    await h.login(file, '4242');
    await h.login(file);
    const logged = JSON.stringify(h.logs);
    expect(logged).not.toContain(file.token);
    expect(logged).not.toContain('4242');
    expect(logged).not.toContain(`"${file.pin}"`);
  });
});

describe('case-file login limits per address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ addressLimit: { maxFailures: 3, windowMs: 5 * 60_000 } });
  });
  afterAll(async () => h.close());

  it('should refuse further attempts from an address that failed on many links, with a text that blames no PIN', async () => {
    const files = await Promise.all([h.newCaseFile(), h.newCaseFile(), h.newCaseFile()]);
    for (const file of files) expect((await h.login(file, '0000')).status).toBe(401);
    const blocked = await h.login(files[0]!);
    expect(blocked.status).toBe(429);
    // Everyone behind the address is counted (an office, a mobile network): no word of a wrong PIN, no file lock to show.
    expect(blocked.body).toEqual({ Error: 'AddressLimited', Message: expect.stringContaining('Das muss nicht an Ihrer PIN liegen'), LockedForSeconds: 300 });
    h.setNow(new Date(h.now().getTime() + 5 * 60_000));
    expect((await h.login(files[0]!)).status).toBe(204);
  });
});

describe('case-file login limits per address, a success on the own file', () => {
  let h: Harness;
  // Holds the next PIN check until `release()`: a login that is past its reservations and still checking its PIN.
  let held: { entered: () => void; gate: Promise<void> } | null = null;
  const holdingHasher: PinHasher = {
    hash: (pin) => fastHasher.hash(pin),
    verify: async (hash, pin) => {
      const hold = held;
      held = null;
      if (hold) {
        hold.entered();
        await hold.gate;
      }
      return fastHasher.verify(hash, pin);
    },
  };
  beforeAll(async () => {
    h = await startHarness({ pinHasher: holdingHasher, addressLimit: { maxFailures: 3, windowMs: 5 * 60_000 } });
  });
  afterAll(async () => h.close());

  it('should give a success back to its own window only: guesses on other links in a later window stay counted', async () => {
    const own = await h.newCaseFile();
    const others = await Promise.all([h.newCaseFile(), h.newCaseFile(), h.newCaseFile(), h.newCaseFile()]);
    // An honest client who mistypes once still gets in, and the right PIN costs the address nothing in its window.
    expect((await h.login(own, '0000')).status).toBe(401);
    expect((await h.login(own)).status).toBe(204);
    expect((await h.login(own)).status).toBe(204);
    let release = () => {};
    const entered = new Promise<void>((resolve) => {
      held = { entered: resolve, gate: new Promise<void>((open) => (release = open)) };
    });
    // The client signs in to their own file just before the address's window ends …
    const success = h.login(own);
    await entered;
    // … and while that PIN is being checked, the window ends and a new one fills with guesses on links they hold.
    h.setNow(new Date(h.now().getTime() + 5 * 60_000));
    for (const file of others.slice(0, 3)) expect((await h.login(file, '0000')).status).toBe(401);
    release();
    expect((await success).status).toBe(204);
    // The success was counted in the old window; it gives nothing back to the new one, which is full.
    const fourth = await h.login(others[3]!, '0000');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ Error: 'AddressLimited' });
  });
});

describe('case-file cookie outside localhost', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ cookieSecure: true });
  });
  afterAll(async () => h.close());

  it('should use a __Host- cookie with the Secure attribute', async () => {
    const res = await h.login(await h.newCaseFile());
    expect(res.setCookie).toMatch(/^__Host-fallakte=/);
    expect(res.setCookie).toContain('Secure');
  });
});
