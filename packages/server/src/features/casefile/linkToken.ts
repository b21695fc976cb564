// The capability in a case-file link: 256 random bits (platform/ids.ts newSecret), stored only as its sha256.
import { newSecret, sha256 } from '../../platform/ids.js';

export const generateLinkToken = newSecret;

/** Only this hash of a link token is stored, so a database leak does not open any case file. */
export const linkTokenHash = sha256;

/** Shape of a link token as we issue it; anything else is treated as unknown (with the same work done). */
export function looksLikeLinkToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,128}$/.test(value);
}
