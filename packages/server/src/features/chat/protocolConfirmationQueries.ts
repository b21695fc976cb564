// Queries of the protocol mail's double opt-in (migrations 0041, 0044): the confirmation links (SHA-256 of the token only) and
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

/**
 * Of these cases, those whose address (`email`) its owner confirmed by a confirmation link: a link of the case used for
 * that address, or the address among the participant's confirmed ones (kept a year after its last use). The lawyer's
 * console says „per E-Mail bestätigt“ for them.
 */
export async function casesWithAddressConfirmedByMail(
  db: Db,
  cases: readonly { readonly caseId: string; readonly participantId: string; readonly email: string | null }[],
): Promise<Set<string>> {
  const withAddress = cases.filter((c) => c.email !== null && c.email.trim() !== '');
  if (withAddress.length === 0) return new Set();
  const [links, addresses] = await Promise.all([
    db
      .selectFrom('protocol_mail_confirmations')
      .select(['case_id', 'email'])
      .where('case_id', 'in', [...new Set(withAddress.map((c) => c.caseId))])
      .where('used_at', 'is not', null)
      .execute(),
    db
      .selectFrom('confirmed_protocol_addresses')
      .select(['participant_id', 'email'])
      .where('participant_id', 'in', [...new Set(withAddress.map((c) => c.participantId))])
      .execute(),
  ]);
  const usedLinks = new Set(links.map((l) => `${l.case_id}\n${addressKey(l.email)}`));
  const confirmed = new Set(addresses.map((a) => `${a.participant_id}\n${a.email}`));
  return new Set(
    withAddress
      .filter((c) => {
        const key = addressKey(c.email ?? '');
        return usedLinks.has(`${c.caseId}\n${key}`) || confirmed.has(`${c.participantId}\n${key}`);
      })
      .map((c) => c.caseId),
  );
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

/**
 * Replaces the expired unused link `expiredHash` by `row` (its renewal), with the case's other unused links, in one
 * transaction. False when the old link is no longer there unused – another renewal or a confirmation came first.
 */
export async function replaceExpiredConfirmation(db: Db, expiredHash: string, row: ProtocolMailConfirmationsTable): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.deleteFrom('protocol_mail_confirmations').where('token_hash', '=', expiredHash).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numDeletedRows) !== 1) return false;
    await trx.deleteFrom('protocol_mail_confirmations').where('case_id', '=', row.case_id).where('used_at', 'is', null).execute();
    await trx.insertInto('protocol_mail_confirmations').values(row).execute();
    return true;
  });
}

/** A renewal whose mail could not be sent: the new link goes, the expired one comes back, so the person can try again. */
export async function undoRenewal(db: Db, renewedHash: string, expired: ProtocolMailConfirmationsTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('protocol_mail_confirmations').where('token_hash', '=', renewedHash).execute();
    await trx.insertInto('protocol_mail_confirmations').values(expired).execute();
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
