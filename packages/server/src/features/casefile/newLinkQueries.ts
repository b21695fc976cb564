// Queries of the lawyer's new link for a case file (newLink.ts).
import type { CaseFileHistoryTable, CaseFileTable } from './tables.js';
import type { CaseFileDb } from './caseFileQueries.js';

/** The new token's hash, and the PIN lockout starts afresh (the old link's failures were not the new link's). */
export type LinkChange = Pick<CaseFileTable, 'token_hash' | 'failed_attempts' | 'locked_until' | 'updated_at'>;

/** Writes the new token hash with the cleared lockout and the client's history entry, all or nothing. */
export async function saveNewLink(db: CaseFileDb, id: string, change: LinkChange, history: CaseFileHistoryTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('case_files').set(change).where('id', '=', id).execute();
    await trx.insertInto('case_file_history').values(history).execute();
  });
}
