// The enrolment token of a login under LAWYER_MFA=required: a lawyer whose password was right but who
// has no second factor yet gets no session, only this token with the pending secret. It is an HMAC under a key
// derived from SESSION_SECRET (its own purpose label, so no other token of the server verifies as one), names the
// lawyer and the digest of the pending secret, and expires after ten minutes. A new login restarts the enrolment
// with a new secret, and the confirmed factor is no longer pending, so an older token is worth nothing; so is one whose
// password was reset or changed since it was issued (a stamp of the password hash it was issued under), and one whose
// second factors changed since (it carries the version of the factor set, `lawyers.mfa_version`, it was issued under).
import { createHash } from 'node:crypto';
import { readSignedToken, signToken } from '../../platform/signedToken.js';

export const ENROLMENT_TOKEN_TTL_MS = 10 * 60_000;

const purpose = 'rechtschat-lawyer-mfa-enrolment';

export interface EnrolmentClaims {
  readonly lawyerId: string;
  /** Digest of the pending (unconfirmed) secret the token was issued for. */
  readonly pending: string;
  /**
   * `passwordStamp` of the password the login checked: a reset or change of the password since makes the token worth
   * nothing (the old password stops working at once – also for an enrolment it had started).
   */
  readonly password: string;
  /**
   * `lawyers.mfa_version` as the login read it: any change of the second factors since (an administrator's reset among
   * them) makes the token worth nothing, and the session of the completed enrolment is kept only under the version
   * its own confirmation makes (this one plus one).
   */
  readonly mfaVersion: number;
}

/** A one-way stamp of a stored password hash (itself salted): equal while the password is the same, never the hash. */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(`rechtschat-enrolment-password\0${passwordHash}`).digest('base64url').slice(0, 22);
}

export function issueEnrolmentToken(sessionSecret: string, claims: EnrolmentClaims, now: Date): string {
  return signToken(sessionSecret, purpose, {
    l: claims.lawyerId,
    s: claims.pending,
    w: claims.password,
    f: claims.mfaVersion,
    e: now.getTime() + ENROLMENT_TOKEN_TTL_MS,
  });
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function readEnrolmentToken(sessionSecret: string, token: string, now: Date): EnrolmentClaims | null {
  const body = readSignedToken(sessionSecret, purpose, token, 2048);
  if (body === null || typeof body.l !== 'string' || typeof body.s !== 'string' || typeof body.w !== 'string') return null;
  if (typeof body.f !== 'number' || !Number.isSafeInteger(body.f) || typeof body.e !== 'number') return null;
  return body.e > now.getTime() ? { lawyerId: body.l, pending: body.s, password: body.w, mfaVersion: body.f } : null;
}
