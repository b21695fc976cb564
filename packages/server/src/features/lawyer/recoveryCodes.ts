// Recovery codes (look-up secrets, NIST SP 800-63B §5.1.2, ASVS 6.5): the way back in when the authenticator is lost.
// Each code is 10 characters from a 32-character alphabet without the look-alikes 0/O and 1/I, so 50 bits from
// crypto random, shown as `ABCDE-FGHJK`. Codes are that strong, so a keyed fast hash (HMAC-SHA-256 under a key
// derived from SESSION_SECRET) is enough to store them: no offline guessing is feasible, and a database dump alone
// does not even allow checking a guess (docs/security.md).
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const CODE_LENGTH = 10;
const GROUP_LENGTH = 5;
/** 32 characters, so every character is exactly 5 random bits (no modulo bias). */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** One new code in its display form, e.g. `ABCDE-FGHJK`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(CODE_LENGTH)].map((byte) => alphabet[byte & 31]).join('');
  return `${chars.slice(0, GROUP_LENGTH)}-${chars.slice(GROUP_LENGTH)}`;
}

/** What a lawyer types, as the hash is taken: upper case, without spaces and dashes; null when it cannot be a code. */
export function normaliseRecoveryCode(typed: string): string | null {
  const clean = typed.replace(/[\s-]/g, '').toUpperCase();
  return clean.length === CODE_LENGTH && [...clean].every((char) => alphabet.includes(char)) ? clean : null;
}

const keyOf = (sessionSecret: string) => createHash('sha256').update('rechtschat-recovery-code\0').update(sessionSecret).digest();

/** The stored form of a normalised code. */
export const recoveryCodeHash = (sessionSecret: string, normalised: string): string =>
  createHmac('sha256', keyOf(sessionSecret)).update(normalised).digest('base64url');
