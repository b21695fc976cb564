// Opaque, unguessable ids and secrets (SECURITY A1, H5): 128 bits from the CSPRNG, base64url.
import crypto from 'node:crypto';

export function newId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** A bearer secret (session cookie, login ticket): 256 bits. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

export function hmac(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('base64url');
}

let lastMillis = 0;
let counter = 0;

/**
 * Ids that sort by creation: 12 hex digits of milliseconds, a 6-hex-digit counter within the same
 * millisecond (per process), then 8 random bytes. Used where lists are ordered by id (case-file history, audit).
 */
export function newSortableId(now: Date): string {
  const millis = now.getTime();
  counter = millis === lastMillis ? counter + 1 : 0;
  lastMillis = millis;
  return `${millis.toString(16).padStart(12, '0')}${counter.toString(16).padStart(6, '0')}${crypto.randomBytes(8).toString('base64url')}`;
}
