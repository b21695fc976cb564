// Lawyer login with a per-account throttle persisted in the database, so every server process shares it and
// a restart does not reset it. Like the PIN lockout, an attempt is reserved
// atomically before the slow password check; from the fifth consecutive failure on the account waits,
// doubling from 30 s up to 15 minutes. The failure that starts a wait is itself answered with the wait (not with the
// plain refusal), so the person learns at once that they must wait. Unknown e-mail addresses are throttled the same way, so the answer
// never tells whether an account exists.
// Under LAWYER_MFA=required the password alone never yields a session: a lawyer without a second
// factor gets an enrolment (a pending secret and a short-lived token) and the session only after confirming it
// with a first code; that step counts against the same per-account throttle, which a right password alone does not
// reset. In place of the TOTP code a lawyer may give one of the recovery codes: a wrong one is the
// same refusal and counts the same; a right one is used up. A lawyer with a passkey or security key may give a WebAuthn
// assertion instead (lawyerPasskeys.ts); a wrong one is again the same refusal, counted the same, and a passkey alone
// satisfies LAWYER_MFA=required.
// A browser with the account's trusted-device cookie (trustedDevice.ts) is counted on a throttle of its own, so failures
// from elsewhere never lock the lawyer out of their own browser; its success clears only its own counter.
import { createHash } from 'node:crypto';
import type { Db } from '../../platform/storage/database.js';
import type { LawyersTable } from './tables.js';
import type { Clock } from '../../platform/clock.js';
import type { LawyerMfaPolicy } from '../../platform/config.js';
import { beginTotpEnrolment, checkSecondFactor, confirmTotpEnrolment, isPendingEnrolment, totpEnabled } from './lawyerTotp.js';
import { lawyerById, verifyLawyerLogin } from './lawyers.js';
import { issueEnrolmentToken, passwordStamp, readEnrolmentToken } from './mfaEnrolmentToken.js';
import { verifyPasskeyAssertion } from './lawyerPasskeys.js';
import { countCredentials } from './webAuthnQueries.js';
import type { AuthenticationResponse } from './webAuthnResponses.js';
import { deviceThrottleKey, type TrustedDevice } from './trustedDevice.js';
import { compareAndSetLoginThrottle, deleteLoginThrottle, findLoginThrottle, insertFirstLoginFailure } from './loginThrottleQueries.js';

export interface LawyerThrottlePolicy {
  /** Failures before the first wait. */
  readonly freeFailures: number;
  readonly baseLockMs: number;
  readonly maxLockMs: number;
  /** A counter untouched for this long starts again at zero. */
  readonly forgetAfterMs: number;
}

export const defaultLawyerThrottle: LawyerThrottlePolicy = { freeFailures: 5, baseLockMs: 30_000, maxLockMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 };

/** `counterRegression`: the failure that started the wait was a passkey whose counter went backwards (security log only). */
type Locked = { type: 'locked'; retryAfterSeconds: number; counterRegression?: CounterRegression };
type CounterRegression = { lawyerId: string; passkeyId: string; stored: number; received: number };

export interface PendingEnrolment {
  readonly token: string;
  readonly secret: string;
  readonly uri: string;
}

export type LawyerLoginOutcome =
  /** `recoveryCodesLeft` when a recovery code took the place of the TOTP code; `passkeyId` when a passkey did. */
  | { type: 'success'; lawyer: LawyersTable; recoveryCodesLeft?: number; passkeyId?: string }
  /** `counterRegression`: a passkey's signature counter did not go up (a cloned key?), for the security log only. */
  | { type: 'rejected'; counterRegression?: CounterRegression }
  | Locked
  /** LAWYER_MFA=required, right password, no second factor yet: no session, only the enrolment. */
  | { type: 'enrolmentRequired'; lawyer: LawyersTable; enrolment: PendingEnrolment };

/** `recoveryCodes`: the new factor's codes, to be shown once. */
export type LawyerEnrolmentOutcome = { type: 'success'; lawyer: LawyersTable; recoveryCodes: string[] } | { type: 'expired' } | { type: 'wrongCode' } | Locked;

export interface LawyerLoginDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sessionSecret: string;
  readonly policy?: LawyerThrottlePolicy;
  /** LAWYER_MFA; `optional` when not given. */
  readonly mfa?: LawyerMfaPolicy;
}

export function lawyerLockMs(failures: number, policy: LawyerThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.baseLockMs * 2 ** Math.min(failures - policy.freeFailures, 20), policy.maxLockMs);
}

export const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** The throttle row an attempt counts on: its trusted device's for the device's own account, else the account's. */
export const throttleKeyOf = (key: string, device: TrustedDevice | null | undefined): string =>
  device && device.accountKey === key ? deviceThrottleKey(device) : key;

const maxRounds = 50;

/** `lockedUntil`: the wait this attempt starts should it fail (absent while failures are still free). */
type Reservation = { type: 'reserved'; lockedUntil?: number } | { type: 'locked'; until: number };

const reservedUntil = (lockedUntil: string | null): Reservation =>
  lockedUntil === null ? { type: 'reserved' } : { type: 'reserved', lockedUntil: Date.parse(lockedUntil) };

async function reserveAttempt(db: Db, key: string, now: Date, policy: LawyerThrottlePolicy): Promise<Reservation> {
  const iso = now.toISOString();
  for (let round = 0; round < maxRounds; round++) {
    const row = await findLoginThrottle(db, key);
    if (!row) {
      const lockedUntil = lawyerLockMs(1, policy) > 0 ? new Date(now.getTime() + lawyerLockMs(1, policy)).toISOString() : null;
      if (await insertFirstLoginFailure(db, { account_key: key, failures: 1, locked_until: lockedUntil, updated_at: iso })) return reservedUntil(lockedUntil);
      continue;
    }
    if (row.locked_until !== null && Date.parse(row.locked_until) > now.getTime()) return { type: 'locked', until: Date.parse(row.locked_until) };
    const stale = Date.parse(row.updated_at) + policy.forgetAfterMs <= now.getTime();
    const failures = (stale ? 0 : row.failures) + 1;
    const lockMs = lawyerLockMs(failures, policy);
    const next = { failures, locked_until: lockMs > 0 ? new Date(now.getTime() + lockMs).toISOString() : null, updated_at: iso };
    if (await compareAndSetLoginThrottle(db, key, row, next)) return reservedUntil(next.locked_until);
  }
  return { type: 'locked', until: now.getTime() + 1000 };
}

const lockedFor = (until: number, now: Date): Locked => ({ type: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) });

/** A failed attempt's answer: the wait it started, else the plain refusal. */
function failedAttempt<R>(reservation: { lockedUntil?: number }, now: Date, refusal: R): R | Locked {
  return reservation.lockedUntil === undefined ? refusal : lockedFor(reservation.lockedUntil, now);
}

/**
 * Checks e-mail, password and (when enrolled) the TOTP, a recovery code or a passkey assertion; every refusal looks the
 * same to the caller. Under LAWYER_MFA=required a right password of a lawyer without any second factor starts the
 * enrolment instead.
 */
export async function authenticateLawyer(
  deps: LawyerLoginDeps,
  attempt: { email: string; password: string; totpCode?: string; webAuthn?: AuthenticationResponse; device?: TrustedDevice | null },
): Promise<LawyerLoginOutcome> {
  const policy = deps.policy ?? defaultLawyerThrottle;
  const now = deps.clock.now();
  const key = accountKey(attempt.email);
  const throttleKey = throttleKeyOf(key, attempt.device);
  const reservation = await reserveAttempt(deps.db, throttleKey, now, policy);
  if (reservation.type === 'locked') return lockedFor(reservation.until, now);
  const outcome = await checkLawyerLogin(deps, attempt, key, throttleKey, now);
  if (outcome.type !== 'rejected' || reservation.lockedUntil === undefined) return outcome;
  return { ...lockedFor(reservation.lockedUntil, now), ...(outcome.counterRegression ? { counterRegression: outcome.counterRegression } : {}) };
}

async function checkLawyerLogin(
  deps: LawyerLoginDeps,
  attempt: { email: string; password: string; totpCode?: string; webAuthn?: AuthenticationResponse },
  key: string,
  throttleKey: string,
  now: Date,
): Promise<Exclude<LawyerLoginOutcome, Locked>> {
  const lawyer = await verifyLawyerLogin(deps.db, attempt.email, attempt.password);
  if (!lawyer) return { type: 'rejected' };
  if (attempt.webAuthn !== undefined) {
    const assertion = await verifyPasskeyAssertion(deps, lawyer.id, key, attempt.webAuthn);
    if (assertion.type === 'counterRegression') {
      const { credentialId: passkeyId, stored, received } = assertion;
      return { type: 'rejected', counterRegression: { lawyerId: lawyer.id, passkeyId, stored, received } };
    }
    if (assertion.type === 'failed') return { type: 'rejected' };
    await deleteLoginThrottle(deps.db, throttleKey);
    return { type: 'success', lawyer, passkeyId: assertion.credentialId };
  }
  const hasPasskey = (await countCredentials(deps.db, lawyer.id)) > 0;
  const hasTotp = await totpEnabled(deps.db, lawyer.id);
  // A lawyer whose only second factor is a passkey cannot sign in with a code (there are no recovery codes without TOTP).
  if (hasPasskey && !hasTotp) return { type: 'rejected' };
  if (deps.mfa === 'required' && !hasTotp) {
    // The reserved attempt stays counted until the enrolment succeeds, so guessing the first code is throttled too.
    const started = await beginTotpEnrolment(deps, lawyer.id, lawyer.email);
    if (!started) return { type: 'rejected' };
    const token = issueEnrolmentToken(
      deps.sessionSecret,
      { lawyerId: lawyer.id, pending: started.pending, password: passwordStamp(lawyer.password_hash), mfaVersion: lawyer.mfa_version ?? 0 },
      now,
    );
    return { type: 'enrolmentRequired', lawyer, enrolment: { token, secret: started.secret, uri: started.uri } };
  }
  const second = await checkSecondFactor(deps, lawyer.id, attempt.totpCode);
  if (!second.passed) return { type: 'rejected' };
  await deleteLoginThrottle(deps.db, throttleKey);
  return second.recoveryCodesLeft === undefined ? { type: 'success', lawyer } : { type: 'success', lawyer, recoveryCodesLeft: second.recoveryCodesLeft };
}

/**
 * Re-authentication of a signed-in lawyer before a sensitive change: the current password, counted by
 * the same per-account throttle as the login, so a stolen session cannot be used to guess it.
 */
export async function reauthenticateLawyer(
  deps: Pick<LawyerLoginDeps, 'db' | 'clock' | 'policy'>,
  lawyer: Pick<LawyersTable, 'email'>,
  password: string,
  device?: TrustedDevice | null,
): Promise<{ type: 'success' } | { type: 'rejected' } | Locked> {
  const policy = deps.policy ?? defaultLawyerThrottle;
  const now = deps.clock.now();
  const key = throttleKeyOf(accountKey(lawyer.email), device);
  const reservation = await reserveAttempt(deps.db, key, now, policy);
  if (reservation.type === 'locked') return lockedFor(reservation.until, now);
  if (!(await verifyLawyerLogin(deps.db, lawyer.email, password))) return failedAttempt(reservation, now, { type: 'rejected' } as const);
  await deleteLoginThrottle(deps.db, key);
  return { type: 'success' };
}

/**
 * Second step of a login under LAWYER_MFA=required: a genuine, unexpired enrolment token for the lawyer's current
 * pending secret and a first valid code confirm the factor. Each code attempt is counted by the account's throttle.
 */
export async function completeLawyerEnrolment(
  deps: LawyerLoginDeps,
  attempt: { enrolmentToken: string; code: string; device?: TrustedDevice | null },
): Promise<LawyerEnrolmentOutcome> {
  const policy = deps.policy ?? defaultLawyerThrottle;
  const now = deps.clock.now();
  const claims = readEnrolmentToken(deps.sessionSecret, attempt.enrolmentToken, now);
  const lawyer = claims === null ? undefined : await lawyerById(deps.db, claims.lawyerId);
  // The password the enrolment was started with must still be the account's: after a reset or change the old password
  // opens nothing, also not the enrolment it had begun (found from outside: completed after an administrator's reset).
  if (!claims || !lawyer || lawyer.active !== 1 || claims.password !== passwordStamp(lawyer.password_hash)) return { type: 'expired' };
  // Likewise the second factors: a reset (or any other change) since the enrolment began makes it worth nothing.
  if (claims.mfaVersion !== (lawyer.mfa_version ?? 0)) return { type: 'expired' };
  if (!(await isPendingEnrolment(deps.db, lawyer.id, claims.pending))) return { type: 'expired' };
  const key = throttleKeyOf(accountKey(lawyer.email), attempt.device);
  const reservation = await reserveAttempt(deps.db, key, now, policy);
  if (reservation.type === 'locked') return lockedFor(reservation.until, now);
  const recoveryCodes = await confirmTotpEnrolment(deps, lawyer.id, attempt.code.replace(/\s/g, ''), claims.pending);
  if (recoveryCodes === null) return failedAttempt(reservation, now, { type: 'wrongCode' } as const);
  await deleteLoginThrottle(deps.db, key);
  // The confirmation raised the version once (its recovery codes). The session is kept only under exactly that version:
  // a reset that removed the just-confirmed factor before the session exists raised it again (found from outside).
  return { type: 'success', lawyer: { ...lawyer, mfa_version: claims.mfaVersion + 1 }, recoveryCodes };
}
