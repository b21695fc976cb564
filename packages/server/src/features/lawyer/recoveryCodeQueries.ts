// Queries on `lawyer_recovery_codes`. Using a code is one conditional UPDATE (only while `used_at` is null) whose
// affected-row count decides, so parallel requests with the same code cannot both pass (lawyerRecoveryCodes.ts holds
// the rules).
import type { Db } from '../../platform/storage/database.js';

/** Replaces all of the lawyer's codes (used or not) with the given hashes, in one transaction. */
export async function replaceRecoveryCodes(db: Db, lawyerId: string, hashes: readonly string[], createdAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('lawyer_recovery_codes').where('lawyer_id', '=', lawyerId).execute();
    await trx
      .insertInto('lawyer_recovery_codes')
      .values(hashes.map((code_hash) => ({ lawyer_id: lawyerId, code_hash, created_at: createdAt, used_at: null })))
      .execute();
  });
}

/** Marks the code used; false when it does not exist, belongs to someone else or was used already. */
export async function consumeRecoveryCode(db: Db, lawyerId: string, hash: string, usedAt: string): Promise<boolean> {
  const updated = await db
    .updateTable('lawyer_recovery_codes')
    .set({ used_at: usedAt })
    .where('lawyer_id', '=', lawyerId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, lawyerId: string): Promise<number> {
  const row = await db
    .selectFrom('lawyer_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('unused'))
    .where('lawyer_id', '=', lawyerId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.unused ?? 0);
}

export async function deleteRecoveryCodes(db: Db, lawyerId: string): Promise<number> {
  const deleted = await db.deleteFrom('lawyer_recovery_codes').where('lawyer_id', '=', lawyerId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
