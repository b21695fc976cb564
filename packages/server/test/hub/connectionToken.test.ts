import { describe, expect, it } from 'vitest';
import { createConnectionToken, newConnectionId, verifyConnectionToken } from '../../src/hub/connectionToken.js';

const SECRET = 'unit-test-secret-0123456789';
const claims = { connectionId: 'abc', principal: { kind: 'lawyer', id: 'l-1' }, issued: 1234 } as const;

describe('connection tokens', () => {
  it('should round-trip claims and stay URL-safe', () => {
    const token = createConnectionToken(SECRET, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyConnectionToken(SECRET, token)).toEqual(claims);
  });

  it('should reject a wrong secret, a changed payload, junk and oversized input', () => {
    const token = createConnectionToken(SECRET, claims);
    const [, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, principal: { kind: 'lawyer', id: 'admin' } })).toString('base64url');
    expect(verifyConnectionToken('another-secret-xxxxxxxx', token)).toBeNull();
    expect(verifyConnectionToken(SECRET, `${forgedPayload}.${signature}`)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', 'no-dot', `${token}x`, 'x'.repeat(5000)]) expect(verifyConnectionToken(SECRET, junk)).toBeNull();
  });

  it('should reject correctly signed payloads with invalid claims', () => {
    const bad = [{ ...claims, principal: { kind: 'admin', id: 'x' } }, { ...claims, issued: 'now' }, { ...claims, connectionId: '' }, [1, 2], null];
    for (const payload of bad) {
      const token = createConnectionToken(SECRET, payload as never);
      expect(verifyConnectionToken(SECRET, token)).toBeNull();
    }
  });

  it('should make distinct 128-bit connection ids', () => {
    const ids = new Set(Array.from({ length: 100 }, newConnectionId));
    expect(ids.size).toBe(100);
    expect(Buffer.from([...ids][0] ?? '', 'base64url')).toHaveLength(16);
  });
});
