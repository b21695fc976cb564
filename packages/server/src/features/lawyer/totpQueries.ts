// Queries on `lawyer_totp` (one row per lawyer). Using a code is a compare-and-set on `last_step`, so parallel
// requests with the same code cannot both pass (lawyerTotp.ts holds the rules).
import type { Db } from '../../platform/storage/database.js';
import type { LawyerTotpTable } from './tables.js';

export function findTotp(db: Db, lawyerId: string): Promise<LawyerTotpTable | undefined> {
  return db.selectFrom('lawyer_totp').selectAll().where('lawyer_id', '=', lawyerId).executeTakeFirst();
}

export async function findTotpConfirmedAt(db: Db, lawyerId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('lawyer_totp').select('confirmed_at').where('lawyer_id', '=', lawyerId).executeTakeFirst();
  return row?.confirmed_at;
}

/** Inserts an unconfirmed enrolment, or restarts one that is still unconfirmed; a confirmed row stays as it is. */
export async function upsertUnconfirmedTotp(db: Db, lawyerId: string, secretEnc: string, createdAt: string): Promise<void> {
  await db
    .insertInto('lawyer_totp')
    .values({ lawyer_id: lawyerId, secret_enc: secretEnc, confirmed_at: null, last_step: 0, created_at: createdAt })
    .onConflict((oc) =>
      oc.column('lawyer_id').doUpdateSet({ secret_enc: secretEnc, last_step: 0, created_at: createdAt }).where('lawyer_totp.confirmed_at', 'is', null),
    )
    .execute();
}

/**
 * Records `step` as used (and confirms the enrolment when `confirmedAt` is given) only while `last_step` is still
 * `seenLastStep`; false when another request used a code first.
 */
export async function compareAndSetTotpStep(db: Db, lawyerId: string, seenLastStep: number, step: number, confirmedAt?: string): Promise<boolean> {
  const updated = await db
    .updateTable('lawyer_totp')
    .set({ last_step: step, ...(confirmedAt !== undefined ? { confirmed_at: confirmedAt } : {}) })
    .where('lawyer_id', '=', lawyerId)
    .where('last_step', '=', seenLastStep)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Db, lawyerId: string): Promise<void> {
  await db.deleteFrom('lawyer_totp').where('lawyer_id', '=', lawyerId).execute();
}

/** The sealed secret of one confirmed second factor, if any lawyer has one (the start-up check of SESSION_SECRET). */
export async function findAnyConfirmedTotpSecret(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('lawyer_totp').select('secret_enc').where('confirmed_at', 'is not', null).limit(1).executeTakeFirst();
  return row?.secret_enc;
}
