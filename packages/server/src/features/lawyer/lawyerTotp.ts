// The lawyers' TOTP second factor (mandatory under LAWYER_MFA=required): enrolment
// with a first code, verification at login with single use of every code, and switching it off with a current code.
// Confirming the factor issues the recovery codes, which the login accepts in place of a TOTP code.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.js';
import { compareAndSetTotpStep, deleteTotp, findAnyConfirmedTotpSecret, findTotp, findTotpConfirmedAt, upsertUnconfirmedTotp } from './totpQueries.js';
import { issueRecoveryCodes, redeemRecoveryCode } from './lawyerRecoveryCodes.js';
import { deleteRecoveryCodes } from './recoveryCodeQueries.js';
import { bumpMfaVersion } from './lawyerQueries.js';

export interface TotpDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** SESSION_SECRET: the secrets are encrypted under a key derived from it, so a database dump alone is not enough. */
  readonly sessionSecret: string;
}

const keyOf = (sessionSecret: string) => createHash('sha256').update('rechtschat-totp-secret\0').update(sessionSecret).digest();

function seal(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

function open(sessionSecret: string, sealed: string): string | null {
  const [iv = '', tag = '', data = ''] = sealed.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Whether the stored second factors open with this SESSION_SECRET: false after a restore started with another secret,
 * when no lawyer with an authenticator can sign in any more (the login only says „Passwort oder Code falsch“); null
 * when no lawyer has set one up yet.
 */
export async function storedSecondFactorsReadable(db: Db, sessionSecret: string): Promise<boolean | null> {
  const sealed = await findAnyConfirmedTotpSecret(db);
  return sealed === undefined ? null : open(sessionSecret, sealed) !== null;
}

export async function totpEnabled(db: Db, lawyerId: string): Promise<boolean> {
  return (await findTotpConfirmedAt(db, lawyerId)) != null;
}

/** Names one pending secret (its sealed form) without revealing it, for the login's enrolment token. */
const pendingDigest = (sealed: string) => createHash('sha256').update(sealed).digest('base64url');

/**
 * Starts (or restarts) an unconfirmed enrolment; null when a confirmed factor exists already. `pending` names the
 * new secret, so an enrolment token can be bound to it.
 */
export async function beginTotpEnrolment(deps: TotpDeps, lawyerId: string, account: string): Promise<{ secret: string; uri: string; pending: string } | null> {
  if (await totpEnabled(deps.db, lawyerId)) return null;
  const secret = newTotpSecret();
  const sealed = seal(deps.sessionSecret, secret);
  await upsertUnconfirmedTotp(deps.db, lawyerId, sealed, deps.clock.now().toISOString());
  return { secret, uri: otpauthUri(secret, account), pending: pendingDigest(sealed) };
}

/** True while the lawyer's unconfirmed enrolment is still the one `pending` names (not restarted, not confirmed). */
export async function isPendingEnrolment(db: Db, lawyerId: string, pending: string): Promise<boolean> {
  const row = await findTotp(db, lawyerId);
  return row !== undefined && row.confirmed_at === null && pendingDigest(row.secret_enc) === pending;
}

/**
 * Accepts `code` once for the lawyer's secret (confirmed, or unconfirmed when `enrolment`): the matching
 * time step must be above the last one used, recorded with a compare-and-set so parallel requests with
 * the same code cannot both pass.
 */
async function useCode(deps: TotpDeps, lawyerId: string, code: string, enrolment: boolean, pending?: string): Promise<boolean> {
  const row = await findTotp(deps.db, lawyerId);
  if (!row || (row.confirmed_at === null) !== enrolment) return false;
  if (pending !== undefined && pendingDigest(row.secret_enc) !== pending) return false;
  const secret = open(deps.sessionSecret, row.secret_enc);
  const step = secret === null ? null : matchTotp(secret, code, deps.clock.now().getTime());
  if (step === null || step <= row.last_step) return false;
  return compareAndSetTotpStep(deps.db, lawyerId, row.last_step, step, enrolment ? deps.clock.now().toISOString() : undefined);
}

/**
 * Confirms the pending enrolment with a first code (with `pending`, only the secret that digest names) and issues the
 * recovery codes, which the caller shows once; null for a wrong or used code.
 */
export async function confirmTotpEnrolment(deps: TotpDeps, lawyerId: string, code: string, pending?: string): Promise<string[] | null> {
  if (!(await useCode(deps, lawyerId, code, true, pending))) return null;
  return issueRecoveryCodes(deps, lawyerId);
}

/** A fresh TOTP code of the confirmed factor (step-up before a sensitive change); the code is used up. */
export const checkCurrentTotp = (deps: TotpDeps, lawyerId: string, code: string) => useCode(deps, lawyerId, code.replace(/\s/g, ''), false);

export type SecondFactorCheck =
  | { readonly passed: false }
  /** `recoveryCodesLeft` only when a recovery code was used: how many unused ones remain. */
  | { readonly passed: true; readonly recoveryCodesLeft?: number };

/**
 * Login check: passes when no confirmed factor exists, for a fresh valid TOTP code (six digits), or for an unused
 * recovery code of the lawyer (anything else; case, spaces and dashes do not matter), which is used up.
 */
export async function checkSecondFactor(deps: TotpDeps, lawyerId: string, code: string | undefined): Promise<SecondFactorCheck> {
  if (!(await totpEnabled(deps.db, lawyerId))) return { passed: true };
  if (code === undefined) return { passed: false };
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) return { passed: await useCode(deps, lawyerId, compact, false) };
  const left = await redeemRecoveryCode(deps, lawyerId, compact);
  return left === null ? { passed: false } : { passed: true, recoveryCodesLeft: left };
}

/** Switches the factor off with its recovery codes; needs a current code so a hijacked session alone cannot remove it. */
export async function disableTotp(deps: TotpDeps, lawyerId: string, code: string): Promise<boolean> {
  if (!(await useCode(deps, lawyerId, code, false))) return false;
  await deleteTotp(deps.db, lawyerId);
  await deleteRecoveryCodes(deps.db, lawyerId);
  await bumpMfaVersion(deps.db, lawyerId);
  return true;
}
