// Queries on `lawyer_login_throttle` (one row per hashed account key). The writes are compare-and-set:
// each reports whether it won, and the caller (lawyerLogin.ts) re-reads and retries when it did not.
import type { Db } from '../../platform/storage/database.js';
import type { LawyerLoginThrottleTable } from './tables.js';

export function findLoginThrottle(db: Db, accountKey: string): Promise<LawyerLoginThrottleTable | undefined> {
  return db.selectFrom('lawyer_login_throttle').selectAll().where('account_key', '=', accountKey).executeTakeFirst();
}

/** Inserts the first failure of an account; false when another request inserted the row first. */
export async function insertFirstLoginFailure(db: Db, row: LawyerLoginThrottleTable): Promise<boolean> {
  const inserted = await db
    .insertInto('lawyer_login_throttle')
    .values(row)
    .onConflict((oc) => oc.column('account_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Writes `next` only while the row still holds the `seen` counter and timestamp; false when another request changed it. */
export async function compareAndSetLoginThrottle(
  db: Db,
  accountKey: string,
  seen: Pick<LawyerLoginThrottleTable, 'failures' | 'updated_at'>,
  next: Omit<LawyerLoginThrottleTable, 'account_key'>,
): Promise<boolean> {
  const updated = await db
    .updateTable('lawyer_login_throttle')
    .set({ failures: next.failures, locked_until: next.locked_until, updated_at: next.updated_at })
    .where('account_key', '=', accountKey)
    .where('failures', '=', seen.failures)
    .where('updated_at', '=', seen.updated_at)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A successful login forgets the account's failures. */
export async function deleteLoginThrottle(db: Db, accountKey: string): Promise<void> {
  await db.deleteFrom('lawyer_login_throttle').where('account_key', '=', accountKey).execute();
}
