// Queries of the after-chat feedback (Kysely): callback requests, ratings, second-level phone numbers.
import type { Db } from '../../platform/storage/database.js';
import type { CallbacksTable, RatingsTable, SecondLevelPhonesTable } from '../../platform/storage/chatSchema.js';

export async function insertCallbackRequest(db: Db, row: CallbacksTable): Promise<void> {
  await db.insertInto('callbacks').values(row).execute();
}

/** The newest 200 callback requests, with their case's problem and field of law. */
export async function listLatestCallbacks(db: Db): Promise<(CallbacksTable & { description: string; field_of_law_long_name: string })[]> {
  return db
    .selectFrom('callbacks')
    .innerJoin('cases', 'cases.id', 'callbacks.case_id')
    .selectAll('callbacks')
    .select(['cases.description', 'cases.field_of_law_long_name'])
    .orderBy('callbacks.created_at', 'desc')
    .limit(200)
    .execute();
}

/** Sets or clears a callback's done time; false when there is no such callback. */
export async function updateCallbackDoneAt(db: Db, callbackId: string, doneAt: string | null): Promise<boolean> {
  const result = await db.updateTable('callbacks').set({ done_at: doneAt }).where('id', '=', callbackId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Throws the unique violation of a second rating of the same case. */
export async function insertRating(db: Db, row: RatingsTable): Promise<void> {
  await db.insertInto('ratings').values(row).execute();
}

export async function insertSecondLevelPhone(db: Db, row: SecondLevelPhonesTable): Promise<void> {
  await db.insertInto('second_level_phones').values(row).execute();
}

/** The number and the lawyers' callback entry for it, both or neither. */
export async function insertSecondLevelPhoneWithCallback(db: Db, phone: SecondLevelPhonesTable, callback: CallbacksTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('second_level_phones').values(phone).execute();
    await trx.insertInto('callbacks').values(callback).execute();
  });
}
