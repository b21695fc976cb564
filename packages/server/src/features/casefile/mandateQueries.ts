// Queries of the mandate's end (mandate.ts): the state change and the client's history entry in one transaction.
import type { CaseFileHistoryTable, CaseFileTable } from './tables.js';
import type { CaseFileDb } from './caseFileQueries.js';

export type MandateState = Pick<CaseFileTable, 'closed' | 'closed_at' | 'status' | 'retention_until' | 'updated_at'>;

/**
 * Moves the file from `closed` = `from` to `state` and writes `history`, both or neither. False when the file was
 * no longer in `from` (a parallel request got there first): then nothing is written, so there is one entry per change.
 */
export async function changeMandate(db: CaseFileDb, id: string, from: 0 | 1, state: MandateState, history: CaseFileHistoryTable): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('case_files').set(state).where('id', '=', id).where('closed', '=', from).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.insertInto('case_file_history').values(history).execute();
    return true;
  });
}
