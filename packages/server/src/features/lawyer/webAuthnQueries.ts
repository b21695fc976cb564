// Queries on `lawyer_webauthn_credentials` and `lawyer_webauthn_challenges` (lawyerPasskeys.ts holds the rules). Using
// a challenge is one DELETE whose affected-row count decides, and a new signature counter is a compare-and-set on the
// old one, so parallel requests with the same challenge or assertion cannot both pass.
import type { Db } from '../../platform/storage/database.js';
import type { LawyerWebAuthnChallengesTable, LawyerWebAuthnCredentialsTable } from './tables.js';

export function listCredentials(db: Db, lawyerId: string): Promise<LawyerWebAuthnCredentialsTable[]> {
  return db.selectFrom('lawyer_webauthn_credentials').selectAll().where('lawyer_id', '=', lawyerId).orderBy('created_at').orderBy('id').execute();
}

export async function countCredentials(db: Db, lawyerId: string): Promise<number> {
  const row = await db
    .selectFrom('lawyer_webauthn_credentials')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('lawyer_id', '=', lawyerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findCredential(db: Db, lawyerId: string, credentialId: string): Promise<LawyerWebAuthnCredentialsTable | undefined> {
  return db
    .selectFrom('lawyer_webauthn_credentials')
    .selectAll()
    .where('lawyer_id', '=', lawyerId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function insertCredential(db: Db, row: LawyerWebAuthnCredentialsTable): Promise<void> {
  await db.insertInto('lawyer_webauthn_credentials').values(row).execute();
}

/** Records a use: the new counter only while the stored one is still `seenCount`; false when another request was first. */
export async function compareAndSetSignCount(db: Db, id: string, seenCount: number, nextCount: number, usedAt: string): Promise<boolean> {
  const updated = await db
    .updateTable('lawyer_webauthn_credentials')
    .set({ sign_count: nextCount, last_used_at: usedAt })
    .where('id', '=', id)
    .where('sign_count', '=', seenCount)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function deleteCredential(db: Db, lawyerId: string, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('lawyer_webauthn_credentials').where('lawyer_id', '=', lawyerId).where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

export async function deleteCredentialsOf(db: Db, lawyerId: string): Promise<number> {
  const deleted = await db.deleteFrom('lawyer_webauthn_credentials').where('lawyer_id', '=', lawyerId).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Stores a new challenge and drops the expired ones, so the table stays small without a separate job. */
export async function insertChallenge(db: Db, row: LawyerWebAuthnChallengesTable, now: string): Promise<void> {
  await db.deleteFrom('lawyer_webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('lawyer_webauthn_challenges').values(row).execute();
}

/**
 * Uses the challenge up: the stored row when it existed for this purpose and subject and had not expired, else
 * undefined. It is deleted in any case, so a challenge is checked at most once.
 */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  purpose: LawyerWebAuthnChallengesTable['purpose'],
  subject: string,
  now: string,
): Promise<LawyerWebAuthnChallengesTable | undefined> {
  const row = await db.selectFrom('lawyer_webauthn_challenges').selectAll().where('challenge', '=', challenge).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom('lawyer_webauthn_challenges').where('challenge', '=', challenge).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return undefined;
  return row.purpose === purpose && row.subject === subject && row.expires_at > now ? row : undefined;
}
