// Queries of the lawyer's correction of the client's name and phone number (clientDetails.ts).
import type { CaseFileHistoryTable, CaseFileTable } from './tables.js';
import type { CaseFileDb } from './caseFileQueries.js';

export type ClientDetails = Pick<CaseFileTable, 'first_name' | 'last_name' | 'phone' | 'updated_at'>;

/** A new PIN (the phone's last four digits changed): its hash, and the lockout starts afresh. */
export type PinChange = Pick<CaseFileTable, 'pin_hash' | 'failed_attempts' | 'locked_until'>;

/** Writes the client's new name and phone, the new PIN's hash when it changed, and the client's history entry, all or nothing. */
export async function saveClientDetails(
  db: CaseFileDb,
  id: string,
  details: ClientDetails,
  pin: PinChange | null,
  history: CaseFileHistoryTable,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('case_files')
      .set({ ...details, ...(pin ?? {}) })
      .where('id', '=', id)
      .execute();
    await trx.insertInto('case_file_history').values(history).execute();
  });
}
