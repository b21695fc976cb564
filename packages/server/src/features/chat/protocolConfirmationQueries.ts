// Queries of the protocol mail's double opt-in (migration 0041): the confirmation links (SHA-256 of the token only) and
// the addresses a participant confirmed. A link is used by a conditional update, so two clicks never both succeed.
import type { Db } from '../../platform/storage/database.js';
import type { ProtocolMailConfirmationsTable } from './tables.js';

/** The form addresses are compared in: „Max@Example.de“ and „max@example.de“ reach the same person. */
export const addressKey = (email: string): string => email.trim().toLowerCase();

export async function isAddressConfirmed(db: Db, participantId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('confirmed_protocol_addresses')
    .select('email')
    .where('participant_id', '=', participantId)
    .where('email', '=', addressKey(email))
    .executeTakeFirst();
  return row !== undefined;
}

/** Records (or refreshes) a confirmed address; `at` is both the confirmation and the last use for a new row. */
export async function rememberConfirmedAddress(db: Db, participantId: string, email: string, at: string): Promise<void> {
  await db
    .insertInto('confirmed_protocol_addresses')
    .values({ participant_id: participantId, email: addressKey(email), confirmed_at: at, last_used_at: at })
    .onConflict((oc) => oc.columns(['participant_id', 'email']).doUpdateSet({ last_used_at: at }))
    .execute();
}

/** A protocol went to the confirmed address: its year of keeping starts again. */
export async function touchConfirmedAddress(db: Db, participantId: string, email: string, at: string): Promise<void> {
  await db
    .updateTable('confirmed_protocol_addresses')
    .set({ last_used_at: at })
    .where('participant_id', '=', participantId)
    .where('email', '=', addressKey(email))
    .execute();
}

/** The case's link that is neither used nor expired, if any (there is at most one: a new one replaces the older). */
export function findOpenConfirmation(db: Db, caseId: string, now: string): Promise<ProtocolMailConfirmationsTable | undefined> {
  return db
    .selectFrom('protocol_mail_confirmations')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Stores a new link; the case's older unused links are deleted in the same transaction, so they stop working. */
export async function insertReplacingOpenConfirmations(db: Db, row: ProtocolMailConfirmationsTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('protocol_mail_confirmations').where('case_id', '=', row.case_id).where('used_at', 'is', null).execute();
    await trx.insertInto('protocol_mail_confirmations').values(row).execute();
  });
}

/** A link whose mail could not be sent goes again: nobody can have it. */
export async function deleteConfirmation(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('protocol_mail_confirmations').where('token_hash', '=', tokenHash).execute();
}

export function findConfirmation(db: Db, tokenHash: string): Promise<ProtocolMailConfirmationsTable | undefined> {
  return db.selectFrom('protocol_mail_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used if it is unused and unexpired at `now`; false when another request used it first or it expired. */
export async function useConfirmation(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('protocol_mail_confirmations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a used link back after the protocol could not be sent, so the person can try again with it. */
export async function releaseConfirmation(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable('protocol_mail_confirmations').set({ used_at: null }).where('token_hash', '=', tokenHash).execute();
}
