// Opaque, unguessable ids and secrets: 128 bits from the CSPRNG, base64url.
import crypto from 'node:crypto';
import { newCaseReferenceCode } from '@rechtschat/core';

/** Random bytes for ids are drawn from the CSPRNG in blocks (as crypto.randomUUID does): one call per 256 ids. */
const ID_BYTES = 16;
const POOL_BYTES = 256 * ID_BYTES;
const idPool = Buffer.alloc(POOL_BYTES);
let idOffset = POOL_BYTES;

/** `bytes` fresh random bytes from the pool, base64url. */
function randomText(bytes: number): string {
  if (idOffset + bytes > POOL_BYTES) {
    crypto.randomFillSync(idPool);
    idOffset = 0;
  }
  const text = idPool.toString('base64url', idOffset, idOffset + bytes);
  // Used bytes are cleared, so the pool never holds bytes that were already handed out.
  idPool.fill(0, idOffset, idOffset + bytes);
  idOffset += bytes;
  return text;
}

export function newId(): string {
  return randomText(ID_BYTES);
}

/**
 * A chat case's id: its reference code (core's alphabet without '-', '_' and look-alikes, eight characters, so the
 * reference „RC-…“ on the PDFs, in the e-mail subject and in the console reads and types well), then a newId – still
 * 128 random bits, unguessable as every id.
 */
export function newCaseId(): string {
  return `${newCaseReferenceCode((n) => crypto.randomInt(n))}${newId()}`;
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
  return `${millis.toString(16).padStart(12, '0')}${counter.toString(16).padStart(6, '0')}${randomText(8)}`;
}

/**
 * The smallest id newSortableId can give at or after `millis`: its 12 hex digits of milliseconds, a prefix that sorts
 * before every id of that millisecond. `id >= sortableIdFloor(t)` holds exactly for the ids made at or after `t`.
 */
export function sortableIdFloor(millis: number): string {
  return millis.toString(16).padStart(12, '0');
}

/** The shape of newSortableId's ids (18 hex digits, then 8 random bytes in base64url): a page cursor must have it. */
const SORTABLE_ID = /^[0-9a-f]{18}[A-Za-z0-9_-]{11}$/;

export function isSortableId(value: string): boolean {
  return SORTABLE_ID.test(value);
}
