import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt } from '../src/features/lawyer/totp.js';

// RFC 6238 Appendix B (SHA-1 seed "12345678901234567890"), last six of the eight published digits.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('should produce the RFC test vector at %i s', (seconds, code) => {
    expect(totpAt(rfcSecret, seconds * 1000)).toBe(code);
  });

  it('should match RFC 4226 HOTP values for counters 0 and 1', () => {
    const key = Buffer.from('12345678901234567890');
    expect([hotp(key, 0), hotp(key, 1)]).toEqual(['755224', '287082']);
  });

  it('should round-trip base32 and ignore spaces and case', () => {
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString()).toBe('12345678901234567890');
  });

  it('should accept one step of drift either way and nothing further', () => {
    const at = 1111111109_000;
    const step = Math.floor(at / 30_000);
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, at), at)).toBe(step);
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, at - 30_000), at)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, at + 30_000), at)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totpAt(rfcSecret, at - 60_000), at)).toBeNull();
    expect(matchTotp(rfcSecret, 'abcdef', at)).toBeNull();
  });

  it('should build an otpauth URI authenticator apps understand', () => {
    expect(otpauthUri('ABC', 'anna@kanzlei.de')).toBe(
      'otpauth://totp/Rechtschat%3Aanna%40kanzlei.de?secret=ABC&issuer=Rechtschat&algorithm=SHA1&digits=6&period=30',
    );
  });
});
