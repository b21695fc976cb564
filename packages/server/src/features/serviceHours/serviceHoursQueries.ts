// Queries of the office hours (migration 0026): the weekly schedule row and the closures. Every change runs in one
// transaction with its audit entry (`audit`).
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { ServiceClosuresTable, ServiceHoursScheduleTable } from './tables.js';

export type Audit = (trx: Transaction<Database>) => Promise<void>;

export const WEEKLY_ROW_ID = 'weekly';

export async function findSchedule(db: Db): Promise<ServiceHoursScheduleTable | undefined> {
  return db.selectFrom('service_hours_schedule').selectAll().where('id', '=', WEEKLY_ROW_ID).executeTakeFirst();
}

/** Closures whose last day is `fromDay` or later, by first day. */
export async function findClosuresFrom(db: Db, fromDay: string): Promise<ServiceClosuresTable[]> {
  return db.selectFrom('service_closures').selectAll().where('last_day', '>=', fromDay).orderBy('first_day').orderBy('created_at').orderBy('id').execute();
}

export async function findClosure(db: Db, id: string): Promise<ServiceClosuresTable | undefined> {
  return db.selectFrom('service_closures').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function saveSchedule(db: Db, row: ServiceHoursScheduleTable, audit: Audit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('service_hours_schedule').where('id', '=', row.id).execute();
    await trx.insertInto('service_hours_schedule').values(row).execute();
    await audit(trx);
  });
}

/** Back to SERVICE_HOURS; false when no schedule was stored. */
export async function deleteSchedule(db: Db, audit: Audit): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('service_hours_schedule').where('id', '=', WEEKLY_ROW_ID).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await audit(trx);
    return true;
  });
}

/**
 * Stores the closure unless one already covers a day of it: then nothing is stored and that closure is the answer
 * (the earliest), so a day is never listed twice to clients nor shown with the wrong note.
 */
export async function insertClosure(db: Db, row: ServiceClosuresTable, audit: Audit): Promise<ServiceClosuresTable | null> {
  return db.transaction().execute(async (trx) => {
    const overlapping = await trx
      .selectFrom('service_closures')
      .selectAll()
      .where('last_day', '>=', row.first_day)
      .where('first_day', '<=', row.last_day)
      .orderBy('first_day')
      .executeTakeFirst();
    if (overlapping !== undefined) return overlapping;
    await trx.insertInto('service_closures').values(row).execute();
    await audit(trx);
    return null;
  });
}

/** false when there was no such closure (removed meanwhile). */
export async function deleteClosure(db: Db, id: string, audit: Audit): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('service_closures').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await audit(trx);
    return true;
  });
}
