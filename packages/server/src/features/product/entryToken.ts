// Insurer-signed entry token: a standard JWT (RFC 7519), HS256 with ENTRY_TOKEN_SECRET
// (the single-insurer default) or with an insurer's key named by `kid` in the header (features/insurers), so an insurer
// can mint it with any JWT library. Claims: sub = insurance number, exp ≤ 10 min ahead, jti single use.
// The chat link carries it base64-encoded as InsuranceNumber (docs/api.md "Entry token").
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { isUsableInsuranceNumber } from './insuranceNumber.js';

export interface EntryTokenPayload {
  /** The `sub` claim. */
  readonly number: string;
  /** Expiry in seconds since the epoch. */
  readonly exp: number;
  readonly jti: string;
}

export const MAX_ENTRY_TOKEN_LIFETIME_S = 600;
/** Tolerated clock difference between the insurer and us, on `exp`, `nbf` and the lifetime limit. */
export const ENTRY_TOKEN_CLOCK_TOLERANCE_S = 30;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Mints a token as an insurer would (tests, demos); any JWT library with HS256 produces the same shape. */
export async function signEntryToken(secret: string, payload: EntryTokenPayload, kid?: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })
    .setSubject(payload.number)
    .setExpirationTime(payload.exp)
    .setJti(payload.jti)
    .sign(key(secret));
}

export type EntryTokenCheck =
  { ok: true; payload: EntryTokenPayload } | { ok: false; reason: 'malformed' | 'signature' | 'algorithm' | 'expired' | 'lifetime' };

/** Why a chat link was refused, for the operator's log and metric only; the client always gets the same 401. */
export type EntryRejection =
  | Exclude<EntryTokenCheck, { ok: true }>['reason']
  /** The header's `kid` names no key (or a token without `kid` where no ENTRY_TOKEN_SECRET is set). */
  | 'unknownKid'
  /** Correctly signed with a key the firm revoked. */
  | 'revokedKey'
  /** The `jti` was used before. */
  | 'replay'
  /** Not a token: a bare insurance number where only signed tokens are accepted (production). */
  | 'unsigned';

/** The `kid` of a compact JWS header: undefined without one, null when the header cannot be read or `kid` is no short string. */
export function entryTokenKid(token: string): string | undefined | null {
  try {
    const kid = decodeProtectedHeader(token).kid;
    if (kid === undefined) return undefined;
    return typeof kid === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(kid) ? kid : null;
  } catch {
    return null;
  }
}

function reasonOf(error: unknown): Exclude<EntryTokenCheck, { ok: true }>['reason'] {
  if (error instanceof errors.JWTExpired) return 'expired';
  // Not valid yet (`nbf` ahead): the same clock question as an expired token, as docs/api.md names it.
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return 'algorithm';
  return 'malformed';
}

/** Verifies algorithm (HS256 only), signature, claims and expiry; single use (jti) is the caller's job because it needs storage. */
export async function verifyEntryToken(secret: string, token: string, nowMs: number): Promise<EntryTokenCheck> {
  let claims: Record<string, unknown>;
  try {
    const verified = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp', 'jti'],
      currentDate: new Date(nowMs),
      clockTolerance: ENTRY_TOKEN_CLOCK_TOLERANCE_S,
    });
    claims = verified.payload as Record<string, unknown>;
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
  const { sub, exp, jti } = claims;
  if (typeof sub !== 'string' || !isUsableInsuranceNumber(sub)) return { ok: false, reason: 'malformed' };
  if (typeof jti !== 'string' || jti.length < 8 || jti.length > 128) return { ok: false, reason: 'malformed' };
  if (typeof exp !== 'number') return { ok: false, reason: 'malformed' };
  // Issued in the future (beyond the clock tolerance): the insurer's clock or the token is wrong – refused like `nbf`.
  if (typeof claims.iat === 'number' && claims.iat > nowMs / 1000 + ENTRY_TOKEN_CLOCK_TOLERANCE_S) return { ok: false, reason: 'expired' };
  // A long-lived token would make a leaked link reusable for hours; the insurer mints one per click.
  if (exp - nowMs / 1000 > MAX_ENTRY_TOKEN_LIFETIME_S + ENTRY_TOKEN_CLOCK_TOLERANCE_S) return { ok: false, reason: 'lifetime' };
  return { ok: true, payload: { number: sub, exp, jti } };
}
