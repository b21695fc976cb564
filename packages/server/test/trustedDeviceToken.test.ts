// The trusted-device token: only a genuine, unexpired token of this purpose and this server names a device.
import { describe, expect, it } from 'vitest';
import { issueEnrolmentToken } from '../src/features/lawyer/mfaEnrolmentToken.js';
import { accountKey, throttleKeyOf } from '../src/features/lawyer/lawyerLogin.js';
import { issueTrustedDeviceToken, readTrustedDeviceToken, TRUSTED_DEVICE_TTL_MS } from '../src/features/lawyer/trustedDevice.js';

const secret = 'geheim-'.repeat(6);
const now = new Date('2026-06-01T09:00:00Z');
const key = accountKey('anna@kanzlei.example');

describe('trusted-device token', () => {
  it('should name the account and a random device until it expires', () => {
    const token = issueTrustedDeviceToken(secret, key, now);
    const device = readTrustedDeviceToken(secret, token, now);
    expect(device?.accountKey).toBe(key);
    expect(device?.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readTrustedDeviceToken(secret, issueTrustedDeviceToken(secret, key, now), now)?.deviceId).not.toBe(device?.deviceId);
    expect(readTrustedDeviceToken(secret, token, new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS - 1))).not.toBeNull();
    expect(readTrustedDeviceToken(secret, token, new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS))).toBeNull();
  });

  it('should refuse a token of another server secret, an altered payload, another purpose and garbage', () => {
    const token = issueTrustedDeviceToken(secret, key, now);
    expect(readTrustedDeviceToken('anderes-geheimnis-'.repeat(3), token, now)).toBeNull();
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), a: accountKey('bernd@kanzlei.example') }));
    expect(readTrustedDeviceToken(secret, `${forged.toString('base64url')}.${signature}`, now)).toBeNull();
    expect(readTrustedDeviceToken(secret, issueEnrolmentToken(secret, { lawyerId: 'l1', pending: 'x', password: 'p', mfaVersion: 0 }, now), now)).toBeNull();
    for (const garbage of [undefined, '', '.', 'a.b.c', `${token}.x`, 'x'.repeat(600)]) expect(readTrustedDeviceToken(secret, garbage, now)).toBeNull();
  });

  it("should count an attempt on the device's own throttle only for the device's account", () => {
    const device = readTrustedDeviceToken(secret, issueTrustedDeviceToken(secret, key, now), now);
    expect(throttleKeyOf(key, device)).not.toBe(key);
    expect(throttleKeyOf(key, device)).toMatch(/^[0-9a-f]{64}$/);
    expect(throttleKeyOf(accountKey('bernd@kanzlei.example'), device)).toBe(accountKey('bernd@kanzlei.example'));
    expect(throttleKeyOf(key, null)).toBe(key);
  });
});
