// Queries of the firm's legal details (migration 0033): the one row, replaced in one transaction with its audit entry.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { FirmDetailsTable } from './tables.js';

export type Audit = (trx: Transaction<Database>) => Promise<void>;

export const FIRM_ROW_ID = 'firm';

export async function findFirmDetails(db: Db): Promise<FirmDetailsTable | undefined> {
  return db.selectFrom('firm_details').selectAll().where('id', '=', FIRM_ROW_ID).executeTakeFirst();
}

export async function saveFirmDetailsRow(db: Db, row: FirmDetailsTable, audit: Audit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('firm_details').where('id', '=', row.id).execute();
    await trx.insertInto('firm_details').values(row).execute();
    await audit(trx);
  });
}

/** Deletes the row (the environment's defaults apply again) with its audit entry; false when there was none. */
export async function deleteFirmDetailsRow(db: Db, audit: Audit): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('firm_details').where('id', '=', FIRM_ROW_ID).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await audit(trx);
    return true;
  });
}

/** Stores the row unless one exists (the demo seed: an administrator's details are never replaced); true when stored. */
export async function insertFirmDetailsIfAbsent(db: Db, row: FirmDetailsTable): Promise<boolean> {
  const result = await db
    .insertInto('firm_details')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
