// Queries of the single-use account links (migration 0014 `lawyer_account_links`): only the SHA-256 of a token is
// stored; `used_at` is set by a conditional update, so two uses of one link never both succeed.
import type { Kysely, Transaction } from 'kysely';
import type { LawyerAccountLinksTable } from '../../platform/storage/adminSchema.js';
import type { Database, Db } from '../../platform/storage/database.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function insertAccountLink(db: Executor, row: LawyerAccountLinksTable): Promise<void> {
  await db.insertInto('lawyer_account_links').values(row).execute();
}

export function findAccountLink(db: Db, tokenHash: string): Promise<LawyerAccountLinksTable | undefined> {
  return db.selectFrom('lawyer_account_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the link used if it is still unused and unexpired at `now`; false when another request used it first or it expired. */
export async function useAccountLink(db: Executor, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('lawyer_account_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new link replaces the earlier unused ones of the same purpose for the same account (or invited address), so
 * only the newest link of a password reset or invitation works.
 */
export async function retireOpenLinks(
  db: Executor,
  match: { purpose: LawyerAccountLinksTable['purpose']; lawyerId?: string; email?: string },
  now: string,
): Promise<void> {
  let query = db.updateTable('lawyer_account_links').set({ used_at: now }).where('purpose', '=', match.purpose).where('used_at', 'is', null);
  if (match.lawyerId !== undefined) query = query.where('lawyer_id', '=', match.lawyerId);
  if (match.email !== undefined) query = query.where('email', '=', match.email);
  await query.execute();
}

/** Every unused link of a lawyer ends (deactivation). */
export async function retireLinksOfLawyer(db: Executor, lawyerId: string, now: string): Promise<void> {
  await db.updateTable('lawyer_account_links').set({ used_at: now }).where('lawyer_id', '=', lawyerId).where('used_at', 'is', null).execute();
}

/** Invitations not yet accepted and not expired, newest first. */
export function listOpenInvitations(db: Db, now: string): Promise<LawyerAccountLinksTable[]> {
  return db
    .selectFrom('lawyer_account_links')
    .selectAll()
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}
