// The PIN login use case: per-file lockout with growing back-off, per-address limit, uniform work (SECURITY A3–A6).
import type { PinHasher } from './pin.js';
import { findCaseByToken, type CaseFileDb } from './service.js';
import { startSession, type SessionPolicy } from './sessions.js';
import { addressRetryAfter, recordAddressFailure, type AddressLimit } from './throttle.js';

export interface LockoutPolicy {
  maxFailures: number;
  baseLockMs: number;
  maxLockMs: number;
}

/** Locked after 5 consecutive failures for 15 min, doubling with every further failure, at most 24 h. */
export const defaultLockoutPolicy: LockoutPolicy = { maxFailures: 5, baseLockMs: 15 * 60_000, maxLockMs: 24 * 3_600_000 };

export type LoginOutcome =
  | { type: 'success'; sessionId: string; caseFileId: string }
  | { type: 'rejected' }
  | { type: 'locked'; retryAfterSeconds: number }
  | { type: 'consentRequired' };

export interface LoginAttempt {
  token: string;
  pin: string;
  agreedPrivacy: boolean;
  agreedTerms: boolean;
  address: string;
}

/** Structured security events (SECURITY J1); never receives tokens, PINs or cookies. */
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
  session: SessionPolicy;
  log: SecurityLog;
}

export function lockDurationMs(failures: number, policy: LockoutPolicy): number {
  const doublings = Math.max(0, failures - policy.maxFailures);
  return Math.min(policy.baseLockMs * 2 ** Math.min(doublings, 20), policy.maxLockMs);
}

const secondsUntil = (iso: string, now: Date) => Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/**
 * Checks a PIN for a link token. The PIN hash is verified on every path (unknown token, locked file,
 * wrong PIN, right PIN) so the answer time does not tell an unknown token from a wrong PIN.
 */
export async function loginWithPin(deps: LoginDeps, attempt: LoginAttempt): Promise<LoginOutcome> {
  const { db, now: clock, log } = deps;
  const now = clock();
  const addressWait = await addressRetryAfter(db, attempt.address, now, deps.addressLimit);
  if (addressWait > 0) {
    log.warn({ event: 'casefile.login.address_limited', ip: attempt.address }, 'case-file login refused: address limit');
    return { type: 'locked', retryAfterSeconds: addressWait };
  }
  const row = await findCaseByToken(db, attempt.token);
  const pinHash = row?.pin_hash ?? (await deps.dummyHash());
  // Capped so an oversized PIN field cannot make verification slower than a normal attempt.
  const verified = await deps.hasher.verify(pinHash, attempt.pin.slice(0, 16));
  const matches = verified && /^\d{4}$/.test(attempt.pin) && row !== undefined;

  if (row?.locked_until && Date.parse(row.locked_until) > now.getTime()) {
    if (!matches) await recordAddressFailure(db, attempt.address, now, deps.addressLimit);
    log.warn({ event: 'casefile.login.locked', caseFileId: row.id, ip: attempt.address }, 'case-file login refused: locked');
    return { type: 'locked', retryAfterSeconds: secondsUntil(row.locked_until, now) };
  }
  if (!row || !matches) {
    await recordAddressFailure(db, attempt.address, now, deps.addressLimit);
    if (row) await recordFileFailure(deps, row.id, now);
    log.warn({ event: 'casefile.login.failed', caseFileId: row?.id ?? null, ip: attempt.address }, 'case-file login failed');
    return { type: 'rejected' };
  }
  const consentOnFile = row.consent_privacy_at !== null && row.consent_terms_at !== null;
  if (!consentOnFile && !(attempt.agreedPrivacy && attempt.agreedTerms)) return { type: 'consentRequired' };

  const iso = now.toISOString();
  await db
    .updateTable('case_files')
    .set({ failed_attempts: 0, locked_until: null, consent_privacy_at: row.consent_privacy_at ?? iso, consent_terms_at: row.consent_terms_at ?? iso })
    .where('id', '=', row.id)
    .execute();
  const sessionId = await startSession(db, row.id, now, deps.session);
  log.info({ event: 'casefile.login.succeeded', caseFileId: row.id, ip: attempt.address }, 'case-file login succeeded');
  return { type: 'success', sessionId, caseFileId: row.id };
}

async function recordFileFailure(deps: LoginDeps, caseFileId: string, now: Date): Promise<void> {
  const updated = await deps.db
    .updateTable('case_files')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', caseFileId)
    .returning('failed_attempts')
    .executeTakeFirst();
  const failures = updated?.failed_attempts ?? 0;
  if (failures < deps.lockout.maxFailures) return;
  const lockedUntil = new Date(now.getTime() + lockDurationMs(failures, deps.lockout)).toISOString();
  await deps.db.updateTable('case_files').set({ locked_until: lockedUntil }).where('id', '=', caseFileId).execute();
  deps.log.warn({ event: 'casefile.login.lockout', caseFileId, failures, lockedUntil }, 'case file locked after repeated wrong PINs');
}
