// Insurer-signed entry token (DESIGN §6, SECURITY B2): base64url(JSON{number,exp,jti}) "." HMAC-SHA256.
// The chat link carries it base64-encoded as InsuranceNumber; exp ≤ 10 min ahead, jti single use.
import { hmac, safeEqual } from '../../platform/ids.js';

export interface EntryTokenPayload {
  readonly number: string;
  /** Expiry in seconds since the epoch. */
  readonly exp: number;
  readonly jti: string;
}

export const MAX_ENTRY_TOKEN_LIFETIME_S = 600;

export function signEntryToken(secret: string, payload: EntryTokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${hmac(secret, body)}`;
}

export type EntryTokenCheck = { ok: true; payload: EntryTokenPayload } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'lifetime' };

function isPayload(value: unknown): value is EntryTokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.number === 'string' && v.number.length > 0 && v.number.length <= 64 && typeof v.exp === 'number' && Number.isFinite(v.exp) && typeof v.jti === 'string' && v.jti.length >= 8 && v.jti.length <= 128;
}

/** Verifies signature and expiry; single use (jti) is the caller's job because it needs storage. */
export function verifyEntryToken(secret: string, token: string, nowMs: number): EntryTokenCheck {
  const [body, signature, ...rest] = token.split('.');
  if (body === undefined || signature === undefined || rest.length > 0 || body === '') return { ok: false, reason: 'malformed' };
  if (!safeEqual(signature, hmac(secret, body))) return { ok: false, reason: 'signature' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isPayload(payload)) return { ok: false, reason: 'malformed' };
  const nowS = nowMs / 1000;
  if (payload.exp <= nowS) return { ok: false, reason: 'expired' };
  if (payload.exp - nowS > MAX_ENTRY_TOKEN_LIFETIME_S) return { ok: false, reason: 'lifetime' };
  return { ok: true, payload };
}
