import crypto from 'node:crypto';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ENTRY_TOKEN_CLOCK_TOLERANCE_S, entryTokenKid, signEntryToken, verifyEntryToken } from '../src/features/product/entryToken.js';

const secret = 'k'.repeat(40);
const key = new TextEncoder().encode(secret);
const now = Date.parse('2026-11-23T10:00:00Z');
const nowS = now / 1000;
const payload = { number: 'VN-4711', exp: nowS + 300, jti: 'jti-0000000001' };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Hand-built compact JWS, for headers no library would mint on purpose. */
function rawToken(header: Record<string, unknown>, claims: Record<string, unknown>, sign: (input: string) => string): string {
  const input = `${b64url(header)}.${b64url(claims)}`;
  return `${input}.${sign(input)}`;
}
const hs = (algorithm: string) => (input: string) => crypto.createHmac(algorithm, secret).update(input).digest('base64url');
const claims = { sub: payload.number, exp: payload.exp, jti: payload.jti };

describe('entry tokens (JWT, HS256)', () => {
  it('should accept a fresh token signed with the secret', async () => {
    expect(await verifyEntryToken(secret, await signEntryToken(secret, payload), now)).toEqual({ ok: true, payload });
  });

  it('should accept a token minted by a generic JWT library (jose SignJWT with iat and nbf)', async () => {
    const token = await new SignJWT({ extra: 'ignored' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('VN 2026/7')
      .setIssuedAt(nowS)
      .setNotBefore(nowS)
      .setExpirationTime(nowS + 120)
      .setJti(crypto.randomUUID())
      .sign(key);
    expect(await verifyEntryToken(secret, token, now)).toMatchObject({ ok: true, payload: { number: 'VN 2026/7', exp: nowS + 120 } });
  });

  it('should accept a token hand-built from the RFC 7519 structure (header.claims.HMAC-SHA256)', async () => {
    expect(await verifyEntryToken(secret, rawToken({ alg: 'HS256', typ: 'JWT' }, claims, hs('sha256')), now)).toEqual({ ok: true, payload });
  });

  it('should refuse a token signed with another key', async () => {
    expect(await verifyEntryToken(secret, await signEntryToken('z'.repeat(40), payload), now)).toMatchObject({ ok: false, reason: 'signature' });
  });

  it('should refuse an expired token beyond the clock tolerance and accept one within it', async () => {
    const expiredLongAgo = await signEntryToken(secret, { ...payload, exp: nowS - ENTRY_TOKEN_CLOCK_TOLERANCE_S - 1 });
    expect(await verifyEntryToken(secret, expiredLongAgo, now)).toMatchObject({ ok: false, reason: 'expired' });
    const justExpired = await signEntryToken(secret, { ...payload, exp: nowS - 1 });
    expect(await verifyEntryToken(secret, justExpired, now)).toMatchObject({ ok: true });
  });

  it('should refuse a lifetime above ten minutes (plus the clock tolerance)', async () => {
    const tooLong = await signEntryToken(secret, { ...payload, exp: nowS + 600 + ENTRY_TOKEN_CLOCK_TOLERANCE_S + 1 });
    expect(await verifyEntryToken(secret, tooLong, now)).toMatchObject({ ok: false, reason: 'lifetime' });
    expect(await verifyEntryToken(secret, await signEntryToken(secret, { ...payload, exp: nowS + 600 }), now)).toMatchObject({ ok: true });
  });

  it('should refuse a token that is not yet valid (nbf in the future)', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('VN-1')
      .setNotBefore(nowS + 120)
      .setExpirationTime(nowS + 300)
      .setJti('jti-not-before')
      .sign(key);
    // Logged as `expired`, as docs/api.md names it (it was `malformed`).
    expect(await verifyEntryToken(secret, token, now)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('should refuse a token issued in the future (iat beyond the clock tolerance) and take one within it', async () => {
    const issuedAt = (offset: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('VN-1')
        .setIssuedAt(nowS + offset)
        .setExpirationTime(nowS + 300)
        .setJti('jti-issued-at')
        .sign(key);
    expect(await verifyEntryToken(secret, await issuedAt(86_400), now)).toMatchObject({ ok: false, reason: 'expired' });
    expect(await verifyEntryToken(secret, await issuedAt(ENTRY_TOKEN_CLOCK_TOLERANCE_S), now)).toMatchObject({ ok: true });
  });

  it('should refuse alg none', async () => {
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(await verifyEntryToken(secret, unsecured, now)).toMatchObject({ ok: false });
    expect(
      await verifyEntryToken(
        secret,
        rawToken({ alg: 'none' }, claims, () => ''),
        now,
      ),
    ).toMatchObject({ ok: false });
    expect(await verifyEntryToken(secret, rawToken({ alg: 'none' }, claims, hs('sha256')), now)).toMatchObject({ ok: false });
  });

  it('should refuse HS512 and RS256 headers even with a valid signature for that algorithm', async () => {
    expect(await verifyEntryToken(secret, rawToken({ alg: 'HS512' }, claims, hs('sha512')), now)).toMatchObject({ ok: false, reason: 'algorithm' });
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(secret.repeat(2)));
    expect(await verifyEntryToken(secret, hs512, now)).toMatchObject({ ok: false });
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs256 = rawToken({ alg: 'RS256' }, claims, (input) => crypto.sign('sha256', Buffer.from(input), privateKey).toString('base64url'));
    expect(await verifyEntryToken(secret, rs256, now)).toMatchObject({ ok: false, reason: 'algorithm' });
  });

  it('should refuse a token without jti, exp or sub', async () => {
    for (const missing of ['jti', 'exp', 'sub'] as const) {
      const partial: Record<string, unknown> = { ...claims };
      delete partial[missing];
      expect(await verifyEntryToken(secret, rawToken({ alg: 'HS256' }, partial, hs('sha256')), now), missing).toMatchObject({ ok: false });
    }
  });

  it('should refuse a too short jti, an empty sub and junk', async () => {
    expect(await verifyEntryToken(secret, rawToken({ alg: 'HS256' }, { ...claims, jti: 'short' }, hs('sha256')), now)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(await verifyEntryToken(secret, rawToken({ alg: 'HS256' }, { ...claims, sub: '' }, hs('sha256')), now)).toMatchObject({ ok: false });
    for (const sub of [' ', '\t', 'VN\u0000', 'VN\u200f1', 'x'.repeat(65), '-/.']) {
      expect(await verifyEntryToken(secret, rawToken({ alg: 'HS256' }, { ...claims, sub }, hs('sha256')), now)).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    }
    expect(await verifyEntryToken(secret, 'a.b.c', now)).toMatchObject({ ok: false, reason: 'malformed' });
    expect(await verifyEntryToken(secret, 'a.b', now)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('should refuse every tampered payload', async () => {
    const token = await signEntryToken(secret, payload);
    const [header, , signature] = token.split('.');
    await fc.assert(
      fc.asyncProperty(fc.record({ sub: fc.string(), exp: fc.integer(), jti: fc.string() }), async (other) => {
        const forged = `${header}.${b64url(other)}.${signature}`;
        fc.pre(forged !== token);
        expect((await verifyEntryToken(secret, forged, now)).ok).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('should read the kid of the header: none, a short key name, or unusable (junk header, not a string, too long)', async () => {
    expect(entryTokenKid(await signEntryToken(secret, payload))).toBeUndefined();
    expect(entryTokenKid(await signEntryToken(secret, payload, 'k-abc_DEF.1'))).toBe('k-abc_DEF.1');
    expect(entryTokenKid('a.b.c')).toBeNull();
    expect(entryTokenKid(rawToken({ alg: 'HS256', kid: 42 }, claims, hs('sha256')))).toBeNull();
    expect(entryTokenKid(rawToken({ alg: 'HS256', kid: 'k'.repeat(65) }, claims, hs('sha256')))).toBeNull();
    expect(entryTokenKid(rawToken({ alg: 'HS256', kid: 'k/../x' }, claims, hs('sha256')))).toBeNull();
  });
});
