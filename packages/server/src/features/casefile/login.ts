// The PIN login use case: per-file lockout with growing back-off, per-address limit, uniform work.
import type { SessionStore } from '../../platform/sessions.js';
import { clearLoginFailures, readLoginAttempts, recordConsent, stillOpensWith, swapLoginAttempts, type CaseFileDb } from './caseFileQueries.js';
import type { PinHasher } from './pin.js';
import { findCaseByToken } from './service.js';
import { releaseAddressAttempt, reserveAddressAttempt, type AddressLimit } from './throttleQueries.js';

export interface LockoutPolicy {
  maxFailures: number;
  baseLockMs: number;
  maxLockMs: number;
}

/** Locked after 5 consecutive failures for 15 min, doubling with every further failure, at most 24 h. */
export const defaultLockoutPolicy: LockoutPolicy = { maxFailures: 5, baseLockMs: 15 * 60_000, maxLockMs: 24 * 3_600_000 };

export type LoginOutcome =
  | { type: 'success'; sessionId: string; caseFileId: string }
  /**
   * `attemptsLeft`: wrong PINs left before the lock, from the first failure on (4 after the first of 5). An unknown
   * token always answers like a first wrong PIN (`maxFailures - 1`), so the first wrong PIN and an unknown token
   * still cannot be told apart (A6).
   */
  | { type: 'rejected'; attemptsLeft: number }
  | { type: 'locked'; retryAfterSeconds: number; lockedUntil: string }
  /** Too many attempts from the client's address (IPv4 or IPv6 /64), whichever files they were for: no word on this PIN. */
  | { type: 'addressLimited'; retryAfterSeconds: number }
  | { type: 'consentRequired' };

export interface LoginAttempt {
  token: string;
  pin: string;
  agreedPrivacy: boolean;
  agreedTerms: boolean;
  address: string;
}

/** Structured security events; never receives tokens, PINs or cookies. */
export interface SecurityLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface LoginDeps {
  db: CaseFileDb;
  hasher: PinHasher;
  dummyHash: () => Promise<string>;
  now: () => Date;
  lockout: LockoutPolicy;
  addressLimit: AddressLimit;
  /** The platform's one session store; a case-file session's subject is the case file id. */
  sessions: Pick<SessionStore, 'create' | 'destroy'>;
  log: SecurityLog;
}

export function lockDurationMs(failures: number, policy: LockoutPolicy): number {
  const doublings = Math.max(0, failures - policy.maxFailures);
  return Math.min(policy.baseLockMs * 2 ** Math.min(doublings, 20), policy.maxLockMs);
}

const secondsUntil = (iso: string, now: Date) => Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/** How often a reservation is retried when another request changed the counter in between. */
const maxReservationRounds = 50;

/**
 * `locksUntil`: this attempt is the one that locks the file if its PIN is wrong (then the answer says so at once).
 * `failures`: consecutive failures counting this attempt.
 */
type FileReservation = { type: 'reserved'; locksUntil: string | null; failures: number } | { type: 'locked'; lockedUntil: string };

/**
 * Reserves one PIN attempt on a case file before the PIN is checked: the attempt is counted as a failure at
 * once (a success resets the counter), and the attempt that reaches `maxFailures` sets the lock in the same
 * write. A compare-and-set on `failed_attempts` makes the reservation atomic on SQLite and PostgreSQL alike,
 * across any number of server processes, so N parallel wrong PINs are never evaluated more than the allowed
 * number of times.
 */
async function reserveFileAttempt(deps: LoginDeps, caseFileId: string, now: Date): Promise<FileReservation> {
  for (let round = 0; round < maxReservationRounds; round++) {
    const row = await readLoginAttempts(deps.db, caseFileId);
    if (!row) return { type: 'locked', lockedUntil: now.toISOString() };
    if (row.locked_until && Date.parse(row.locked_until) > now.getTime()) return { type: 'locked', lockedUntil: row.locked_until };
    const failures = row.failed_attempts + 1;
    const lockedUntil =
      failures >= deps.lockout.maxFailures ? new Date(now.getTime() + lockDurationMs(failures, deps.lockout)).toISOString() : row.locked_until;
    if (await swapLoginAttempts(deps.db, caseFileId, row.failed_attempts, { failures, lockedUntil })) {
      if (failures >= deps.lockout.maxFailures) {
        deps.log.warn({ event: 'casefile.login.lockout', caseFileId, failures, lockedUntil }, 'case file locked after repeated wrong PINs');
      }
      return { type: 'reserved', locksUntil: failures >= deps.lockout.maxFailures ? (lockedUntil ?? null) : null, failures };
    }
  }
  // Only reachable under extreme contention; refusing is the safe answer.
  return { type: 'locked', lockedUntil: new Date(now.getTime() + 1000).toISOString() };
}

/**
 * Checks a PIN for a link token. Both the per-address and the per-file attempt are reserved in the database
 * before the (slow) argon2 check. A wrong PIN and an unknown token do the same verification work, so the
 * answer time does not tell them apart; refused attempts (limit or lock) skip it, their answer says so anyway.
 */
/** While the file is locked: the lock's end and the seconds until then (the login page counts down after a reload). */
export async function currentLock(db: CaseFileDb, caseFileId: string, now: Date): Promise<{ lockedUntil: string; retryAfterSeconds: number } | null> {
  const row = await readLoginAttempts(db, caseFileId);
  if (!row?.locked_until || Date.parse(row.locked_until) <= now.getTime()) return null;
  return { lockedUntil: row.locked_until, retryAfterSeconds: secondsUntil(row.locked_until, now) };
}

export async function loginWithPin(deps: LoginDeps, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { db, now: clock, log } = deps;
  const now = clock();
  const address = await reserveAddressAttempt(db, attempt.address, now, deps.addressLimit);
  if (address.type === 'limited') {
    log.warn({ event: 'casefile.login.address_limited', ip: attempt.address }, 'case-file login refused: address limit');
    return { type: 'addressLimited', retryAfterSeconds: address.retryAfterSeconds };
  }
  const row = await findCaseByToken(db, attempt.token);
  let locksUntil: string | null = null;
  let failures = 0;
  if (row) {
    const reservation = await reserveFileAttempt(deps, row.id, now);
    if (reservation.type === 'locked') {
      log.warn({ event: 'casefile.login.locked', caseFileId: row.id, ip: attempt.address }, 'case-file login refused: locked');
      return { type: 'locked', retryAfterSeconds: secondsUntil(reservation.lockedUntil, now), lockedUntil: reservation.lockedUntil };
    }
    locksUntil = reservation.locksUntil;
    failures = reservation.failures;
  }
  const pinHash = row?.pin_hash ?? (await deps.dummyHash());
  // Capped so an oversized PIN field cannot make verification slower than a normal attempt.
  const verified = await deps.hasher.verify(pinHash, attempt.pin.slice(0, 16));
  const matches = verified && /^\d{4}$/.test(attempt.pin) && row !== undefined;
  if (!row || !matches) {
    log.warn({ event: 'casefile.login.failed', caseFileId: row?.id ?? null, ip: attempt.address }, 'case-file login failed');
    // The attempt that locked the file says so now, not only the next one: the client knows to wait.
    if (locksUntil !== null) return { type: 'locked', retryAfterSeconds: secondsUntil(locksUntil, now), lockedUntil: locksUntil };
    // An unknown token counts nothing: it answers like the first wrong PIN on a known one.
    return { type: 'rejected', attemptsLeft: Math.max(0, deps.lockout.maxFailures - (row ? failures : 1)) };
  }
  // The right PIN gives back what this attempt cost the address – this attempt only, in its own window – and no more:
  // earlier failures on other links stay counted, so owning one file makes no room for guessing on others.
  await releaseAddressAttempt(db, attempt.address, address);
  const consentOnFile = row.consent_privacy_at !== null && row.consent_terms_at !== null;
  const iso = now.toISOString();
  // The right PIN clears the reserved failure and any lock, also when consent is still missing.
  await clearLoginFailures(db, row.id);
  if (!consentOnFile && !(attempt.agreedPrivacy && attempt.agreedTerms)) return { type: 'consentRequired' };

  await recordConsent(db, row.id, { privacyAt: row.consent_privacy_at ?? iso, termsAt: row.consent_terms_at ?? iso });
  const sessionId = await deps.sessions.create('casefile', row.id);
  // The PIN was checked against the file as it was read. A correction with a new PIN (clientDetails.ts), a new link
  // (newLink.ts) or a withdrawal that committed since ended the file's sessions before this one existed: it must not
  // outlive the change (found from outside: logins with the old PIN fired around a correction kept their sessions).
  // Checked after the session exists, so a change committing after this read ends it like any other.
  if (!(await stillOpensWith(db, row.id, row))) {
    await deps.sessions.destroy(sessionId);
    log.warn(
      { event: 'casefile.login.credentials_changed', caseFileId: row.id, ip: attempt.address },
      'case-file login refused: PIN or link changed meanwhile',
    );
    return { type: 'rejected', attemptsLeft: deps.lockout.maxFailures - 1 };
  }
  log.info({ event: 'casefile.login.succeeded', caseFileId: row.id, ip: attempt.address }, 'case-file login succeeded');
  return { type: 'success', sessionId, caseFileId: row.id };
}
