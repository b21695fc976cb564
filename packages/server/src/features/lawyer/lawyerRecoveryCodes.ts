// The rules of the lawyers' recovery codes: a new set (ten codes, shown once) whenever TOTP is confirmed
// or the lawyer asks for new ones, replacing every older code; signing in with one uses it up.
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/storage/database.js';
import { newRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recoveryCodes.js';
import { consumeRecoveryCode, countUnusedRecoveryCodes, replaceRecoveryCodes } from './recoveryCodeQueries.js';
import { bumpMfaVersion } from './lawyerQueries.js';

/** What the codes need: the same as the TOTP factor they stand in for (lawyerTotp.ts passes its own deps). */
export interface RecoveryCodeDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** SESSION_SECRET: the key of the codes' hashes is derived from it. */
  readonly sessionSecret: string;
}

/**
 * Creates a fresh set, stores only the hashes and returns the codes in display form – the only time they exist in clear.
 * A new set (also the first, when the authenticator is confirmed) changes the second factors: their version goes up.
 */
export async function issueRecoveryCodes(deps: RecoveryCodeDeps, lawyerId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = codes.map((code) => recoveryCodeHash(deps.sessionSecret, normaliseRecoveryCode(code) ?? code));
  await replaceRecoveryCodes(deps.db, lawyerId, hashes, deps.clock.now().toISOString());
  await bumpMfaVersion(deps.db, lawyerId);
  return codes;
}

/** Uses `typed` up when it is one of the lawyer's unused codes; the number of codes still unused, or null. */
export async function redeemRecoveryCode(deps: RecoveryCodeDeps, lawyerId: string, typed: string): Promise<number | null> {
  const normalised = normaliseRecoveryCode(typed);
  if (normalised === null) return null;
  if (!(await consumeRecoveryCode(deps.db, lawyerId, recoveryCodeHash(deps.sessionSecret, normalised), deps.clock.now().toISOString()))) return null;
  return countUnusedRecoveryCodes(deps.db, lawyerId);
}
