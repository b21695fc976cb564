// The enrolment token of a login under LAWYER_MFA=required: a lawyer whose password was right but who
// has no second factor yet gets no session, only this token with the pending secret. It is an HMAC under a key
// derived from SESSION_SECRET (its own purpose label, so no other token of the server verifies as one), names the
// lawyer and the digest of the pending secret, and expires after ten minutes. A new login restarts the enrolment
// with a new secret, and the confirmed factor is no longer pending, so an older token is worth nothing.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const ENROLMENT_TOKEN_TTL_MS = 10 * 60_000;

const purpose = 'rechtschat-lawyer-mfa-enrolment';
const keyOf = (sessionSecret: string) => createHash('sha256').update(`${purpose}\0`).update(sessionSecret).digest();
const mac = (sessionSecret: string, payload: string) => createHmac('sha256', keyOf(sessionSecret)).update(payload).digest('base64url');

export interface EnrolmentClaims {
  readonly lawyerId: string;
  /** Digest of the pending (unconfirmed) secret the token was issued for. */
  readonly pending: string;
}

export function issueEnrolmentToken(sessionSecret: string, claims: EnrolmentClaims, now: Date): string {
  const payload = Buffer.from(JSON.stringify({ p: purpose, l: claims.lawyerId, s: claims.pending, e: now.getTime() + ENROLMENT_TOKEN_TTL_MS })).toString(
    'base64url',
  );
  return `${payload}.${mac(sessionSecret, payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readEnrolmentToken(sessionSecret: string, token: string, now: Date): EnrolmentClaims | null {
  const [payload = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || payload === '' || token.length > 2048) return null;
  const expected = Buffer.from(mac(sessionSecret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; l?: unknown; s?: unknown; e?: unknown };
    if (body.p !== purpose || typeof body.l !== 'string' || typeof body.s !== 'string' || typeof body.e !== 'number') return null;
    return body.e > now.getTime() ? { lawyerId: body.l, pending: body.s } : null;
  } catch {
    return null;
  }
}
