// Queries of the single-use account links (migration 0014 `lawyer_account_links`): only the SHA-256 of a token is
// stored; `used_at` is set by a conditional update, so two uses of one link never both succeed.
import type { Kysely, Transaction } from 'kysely';
import type { LawyerAccountLinksTable } from './tables.js';
import type { LawyersTable } from '../lawyer/index.js';
import type { Database, Db } from '../../platform/storage/database.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Stores a new link and retires the earlier unused ones it replaces, in one transaction: for an account (set-up,
 * password reset) every open link that sets its password, whichever purpose – a reset also ends a set-up link that
 * went astray –; for an invited address the open invitations to it.
 */
export async function insertReplacingOpenLinks(db: Db, row: LawyerAccountLinksTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (row.lawyer_id !== null) await retireOpenPasswordLinks(trx, row.lawyer_id, row.created_at);
    else await retireOpenLinks(trx, { purpose: row.purpose, email: row.email ?? '' }, row.created_at);
    await trx.insertInto('lawyer_account_links').values(row).execute();
  });
}

/** The account's unused set-up and password-reset links stop working (a newer link was issued, or one of them was used). */
export async function retireOpenPasswordLinks(db: Executor, lawyerId: string, now: string): Promise<void> {
  await db
    .updateTable('lawyer_account_links')
    .set({ used_at: now })
    .where('lawyer_id', '=', lawyerId)
    .where('purpose', 'in', ['setup', 'passwordReset'])
    .where('used_at', 'is', null)
    .execute();
}

/** The name, gender and phone number a completed link may set on the account. */
export async function updateLawyerDetails(db: Db, lawyerId: string, changes: Partial<Pick<LawyersTable, 'name' | 'gender' | 'phone'>>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('lawyers').set(changes).where('id', '=', lawyerId).execute();
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

/** A new invitation replaces the earlier unused ones to the same address, so only the newest works. */
async function retireOpenLinks(db: Executor, match: { purpose: LawyerAccountLinksTable['purpose']; email: string }, now: string): Promise<void> {
  await db
    .updateTable('lawyer_account_links')
    .set({ used_at: now })
    .where('purpose', '=', match.purpose)
    .where('used_at', 'is', null)
    .where('email', '=', match.email)
    .execute();
}

/**
 * Invitations not yet accepted, withdrawn or replaced that expired after `expiredSince` (open ones, and those that ran
 * out unused lately, so the administration sees who never came and invites again), newest first – without those whose
 * address got an account another way (npm run admin:create): their link answers 404 already, so they wait for nobody.
 */
export function listUnusedInvitations(db: Db, expiredSince: string): Promise<LawyerAccountLinksTable[]> {
  return db
    .selectFrom('lawyer_account_links')
    .selectAll()
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', expiredSince)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('lawyers').select('lawyers.id').whereRef('lawyers.email', '=', 'lawyer_account_links.email'))),
    )
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Ends the listed invitation (open, or expired after `expiredSince`) whose list handle (the first 16 characters of its
 * hash) is `handle`; its link then answers like a used one, and it leaves the list. Returns the invited address, or null
 * when no listed invitation has that handle.
 */
export async function withdrawUnusedInvitation(db: Db, handle: string, now: string, expiredSince: string): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    // Few rows (the listed invitations); compared here, since `_` of the base64url hash is a wildcard to LIKE.
    const open = (
      await tx
        .selectFrom('lawyer_account_links')
        .select(['token_hash', 'email'])
        .where('purpose', '=', 'invitation')
        .where('used_at', 'is', null)
        .where('expires_at', '>', expiredSince)
        .execute()
    ).filter((link) => link.token_hash.startsWith(handle));
    const invitation = open[0];
    if (open.length !== 1 || !invitation) return null;
    // Not useAccountLink, which ends only a link still valid: an expired one is taken off the list the same way.
    const ended = await tx
      .updateTable('lawyer_account_links')
      .set({ used_at: now })
      .where('token_hash', '=', invitation.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows) === 1 ? (invitation.email ?? '') : null;
  });
}
