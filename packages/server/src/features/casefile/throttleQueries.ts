// Per-address limit on failed PIN attempts, kept in the database so every server process shares it.
// An attempt is reserved with one atomic upsert before the slow PIN check, so a burst of parallel requests
// cannot all read "below the limit" before any of them has written.
import { sql } from 'kysely';
import type { CaseFileDb } from './caseFileQueries.js';

export interface AddressLimit {
  maxFailures: number;
  windowMs: number;
}

/** 20 failures per address in 15 minutes: a household behind one NAT can still log in, spraying many links cannot. */
export const defaultAddressLimit: AddressLimit = { maxFailures: 20, windowMs: 15 * 60_000 };

/** `windowStartedAt`: the window the attempt was counted in – the only one a success may give it back to. */
export type AddressReservation = { type: 'reserved'; windowStartedAt: string } | { type: 'limited'; retryAfterSeconds: number };

/**
 * Counts one attempt for `address` in its current window (a stale window restarts at 1) and answers whether
 * it is within the limit. Attempts over the limit are counted too, which changes nothing: the window end stays.
 */
export async function reserveAddressAttempt(db: CaseFileDb, address: string, now: Date, limit: AddressLimit): Promise<AddressReservation> {
  const iso = now.toISOString();
  // ISO 8601 UTC strings sort like the times they stand for, on both engines.
  const staleBefore = new Date(now.getTime() - limit.windowMs).toISOString();
  const row = await db
    .insertInto('case_file_login_throttle')
    .values({ address, window_started_at: iso, failures: 1 })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet({
        failures: sql<number>`case when case_file_login_throttle.window_started_at <= ${staleBefore} then 1 else case_file_login_throttle.failures + 1 end`,
        window_started_at: sql<string>`case when case_file_login_throttle.window_started_at <= ${staleBefore} then ${iso} else case_file_login_throttle.window_started_at end`,
      }),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
  if (row.failures <= limit.maxFailures) return { type: 'reserved', windowStartedAt: row.window_started_at };
  const windowEnd = Date.parse(row.window_started_at) + limit.windowMs;
  return { type: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
}

/**
 * Gives a successful login's own reservation back: only failures count against an address. Only into the window that
 * counted it (`reserved`): once that window has ended, the attempt is already forgotten, and taking one off the next
 * window would undo a failure made there – a wrong PIN on another link (found from outside, 2026-12-07: successes on
 * the client's own file, begun before a window ended and finished after, made room for guesses on links they held).
 */
export async function releaseAddressAttempt(db: CaseFileDb, address: string, reserved: { windowStartedAt: string }): Promise<void> {
  await db
    .updateTable('case_file_login_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('address', '=', address)
    .where('window_started_at', '=', reserved.windowStartedAt)
    .where('failures', '>', 0)
    .execute();
}
