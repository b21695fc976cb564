// Per-address limit on failed PIN attempts, kept in the database so every server process shares it (SECURITY A4).
import type { CaseFileDb } from './service.js';

export interface AddressLimit {
  maxFailures: number;
  windowMs: number;
}

/** 20 failures per address in 15 minutes: a household behind one NAT can still log in, spraying many links cannot. */
export const defaultAddressLimit: AddressLimit = { maxFailures: 20, windowMs: 15 * 60_000 };

/** Seconds until the address may try again, or 0 when it is below the limit. */
export async function addressRetryAfter(db: CaseFileDb, address: string, now: Date, limit: AddressLimit): Promise<number> {
  const row = await db.selectFrom('case_file_login_throttle').selectAll().where('address', '=', address).executeTakeFirst();
  if (!row) return 0;
  const windowEnd = Date.parse(row.window_started_at) + limit.windowMs;
  if (windowEnd <= now.getTime() || row.failures < limit.maxFailures) return 0;
  return Math.ceil((windowEnd - now.getTime()) / 1000);
}

export async function recordAddressFailure(db: CaseFileDb, address: string, now: Date, limit: AddressLimit): Promise<void> {
  const row = await db.selectFrom('case_file_login_throttle').selectAll().where('address', '=', address).executeTakeFirst();
  const iso = now.toISOString();
  if (!row) {
    await db
      .insertInto('case_file_login_throttle')
      .values({ address, window_started_at: iso, failures: 1 })
      .onConflict((oc) => oc.column('address').doUpdateSet((eb) => ({ failures: eb('case_file_login_throttle.failures', '+', 1) })))
      .execute();
  } else if (Date.parse(row.window_started_at) + limit.windowMs <= now.getTime()) {
    await db.updateTable('case_file_login_throttle').set({ window_started_at: iso, failures: 1 }).where('address', '=', address).execute();
  } else {
    await db.updateTable('case_file_login_throttle').set((eb) => ({ failures: eb('failures', '+', 1) })).where('address', '=', address).execute();
  }
}
