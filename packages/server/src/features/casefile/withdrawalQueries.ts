// Queries of withdrawing a case file created by mistake (withdrawal.ts): the state change, decided in the update itself,
// and the audit entry in one transaction; and the link of a withdrawn file, which the client's check names as such.
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { CaseFileTable } from './tables.js';
import type { CaseFileDb } from './caseFileQueries.js';

export type WithdrawnState = Pick<CaseFileTable, 'status' | 'retention_until' | 'updated_at'> & { readonly withdrawn_at: string };

/**
 * Withdraws the file and runs `audit` in the same transaction, both or neither. The update itself checks that the
 * client has never signed in (every login records the consent) and sent nothing that needs one, and that the file
 * stands: false when any of that no longer holds (a login or a second withdrawal came first), and nothing is written.
 * An ended mandate keeps its end date; any other file ends now.
 */
export async function withdrawUnusedCaseFile(
  db: Db,
  id: string,
  state: WithdrawnState,
  audit: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('case_files')
      .set({ ...state, closed: 1, closed_at: sql<string>`coalesce(closed_at, ${state.withdrawn_at})` })
      .where('id', '=', id)
      .where('withdrawn_at', 'is', null)
      .where('consent_privacy_at', 'is', null)
      .where('consent_terms_at', 'is', null)
      .where('power_of_attorney_signed_at', 'is', null)
      .where('questionnaire_submitted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await audit(trx);
    return true;
  });
}

/** Whether this token hash names a withdrawn file (the client's `check` then says so instead of "unknown link"). */
export async function isWithdrawnTokenHash(db: CaseFileDb, tokenHash: string): Promise<boolean> {
  const row = await db.selectFrom('case_files').select('id').where('token_hash', '=', tokenHash).where('withdrawn_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}
