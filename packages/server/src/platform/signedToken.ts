// Tokens the server signs for itself and reads back (the MFA enrolment token, the lawyer's trusted-device cookie):
// a base64url JSON body carrying its purpose label, a dot, and an HMAC-SHA256 under a key derived from SESSION_SECRET
// and that label – so no token of one purpose verifies as one of another, and none without the server's secret.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const keyOf = (sessionSecret: string, purpose: string) => createHash('sha256').update(`${purpose}\0`).update(sessionSecret).digest();
const mac = (sessionSecret: string, purpose: string, payload: string) =>
  createHmac('sha256', keyOf(sessionSecret, purpose)).update(payload).digest('base64url');

export function signToken(sessionSecret: string, purpose: string, claims: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify({ p: purpose, ...claims })).toString('base64url');
  return `${payload}.${mac(sessionSecret, purpose, payload)}`;
}

/** The claims of a genuine token of `purpose` (signature checked in constant time); null for anything else. */
export function readSignedToken(sessionSecret: string, purpose: string, token: string | undefined, maxLength: number): Record<string, unknown> | null {
  if (token === undefined || token.length > maxLength) return null;
  const [payload = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || payload === '') return null;
  const expected = Buffer.from(mac(sessionSecret, purpose, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof body !== 'object' || body === null || (body as { p?: unknown }).p !== purpose) return null;
    return body as Record<string, unknown>;
  } catch {
    return null;
  }
}
