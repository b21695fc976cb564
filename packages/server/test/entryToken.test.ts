import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signEntryToken, verifyEntryToken } from '../src/features/product/entryToken.js';

const secret = 'k'.repeat(40);
const now = Date.parse('2026-11-23T10:00:00Z');
const payload = { number: 'VN-4711', exp: now / 1000 + 300, jti: 'jti-0000000001' };

describe('entry tokens', () => {
  it('should accept a fresh token signed with the secret', () => {
    expect(verifyEntryToken(secret, signEntryToken(secret, payload), now)).toEqual({ ok: true, payload });
  });

  it('should reject a wrong key, expiry, a lifetime above ten minutes and junk', () => {
    expect(verifyEntryToken(secret, signEntryToken('z'.repeat(40), payload), now)).toMatchObject({ ok: false, reason: 'signature' });
    expect(verifyEntryToken(secret, signEntryToken(secret, { ...payload, exp: now / 1000 - 1 }), now)).toMatchObject({ ok: false, reason: 'expired' });
    expect(verifyEntryToken(secret, signEntryToken(secret, { ...payload, exp: now / 1000 + 601 }), now)).toMatchObject({ ok: false, reason: 'lifetime' });
    expect(verifyEntryToken(secret, 'a.b.c', now)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('should reject every tampered payload', () => {
    const token = signEntryToken(secret, payload);
    const [, signature] = token.split('.');
    fc.assert(
      fc.property(fc.record({ number: fc.string(), exp: fc.integer(), jti: fc.string() }), (other) => {
        fc.pre(JSON.stringify(other) !== JSON.stringify(payload));
        const forged = `${Buffer.from(JSON.stringify(other)).toString('base64url')}.${signature}`;
        expect(verifyEntryToken(secret, forged, now).ok).toBe(false);
      }),
    );
  });
});
