// Link tokens, session ids and record ids: CSPRNG only, stored as SHA-256 hashes (SECURITY A1, C1).
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: the capability in the case-file link. */
export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Session cookie value: 32 random bytes, opaque. */
export function generateSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Record ids: 16 random bytes (not sequential, not derived from other ids). */
export function generateId(): string {
  return randomBytes(16).toString('base64url');
}

/** Only this hash of a token or session id is stored, so a database leak does not open any case file. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Shape of a link token as we issue it; anything else is treated as unknown (with the same work done). */
export function looksLikeLinkToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,128}$/.test(value);
}

let lastMillis = 0;
let counter = 0;

/**
 * Ids that sort by creation: 12 hex digits of milliseconds, a 6-hex-digit counter within the same
 * millisecond (per process), then 8 random bytes. Used where lists are ordered by id (history).
 */
export function generateSortableId(now: Date): string {
  const millis = now.getTime();
  counter = millis === lastMillis ? counter + 1 : 0;
  lastMillis = millis;
  return `${millis.toString(16).padStart(12, '0')}${counter.toString(16).padStart(6, '0')}${randomBytes(8).toString('base64url')}`;
}
