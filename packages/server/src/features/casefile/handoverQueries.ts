// Queries of handing a case file over to a colleague (handover.ts): the colleague's account held active, the change of
// lawyer decided in the update itself, the client's history entry and the audit entry – one transaction.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { CaseFileHistoryTable, CaseFileTable } from './tables.js';

/** The new lawyer as the client sees them in the Fallakte, and the hand-over's own columns (migration 0042). */
export type HandOverChange = Pick<
  CaseFileTable,
  'lawyer_id' | 'lawyer_name' | 'lawyer_gender' | 'lawyer_email' | 'lawyer_phone' | 'lawyer_image_url' | 'updated_at'
> & { readonly handed_over_at: string; readonly handed_over_by_name: string; readonly handover_note: string | null };

export type HandOverOutcome = 'done' | 'colleagueInactive' | 'holderChanged';

/**
 * Moves the file from `holderId` to the colleague of `change` and runs `history` and `audit` in the same transaction, all
 * or nothing. The colleague's account is held active first (the no-op UPDATE takes the row's lock on PostgreSQL, as
 * chat/chatQueries.ts › lockActiveLawyer: a deactivation either waits for this transaction and then hands the file on,
 * or runs first and this one finds the account inactive). The update checks that `holderId` still holds the file and
 * that it stands, so of two hand-overs at once exactly one wins; the other gets `holderChanged` and writes nothing.
 */
export async function handOverHeldCaseFile(
  db: Db,
  caseFileId: string,
  holderId: string,
  change: HandOverChange,
  history: CaseFileHistoryTable,
  audit: (trx: Transaction<Database>) => Promise<void>,
): Promise<HandOverOutcome> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('lawyers')
      .set({ active: 1 })
      .where('id', '=', change.lawyer_id ?? '')
      .where('active', '=', 1)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) return 'colleagueInactive';
    const moved = await trx
      .updateTable('case_files')
      .set(change)
      .where('id', '=', caseFileId)
      .where('lawyer_id', '=', holderId)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'holderChanged';
    await trx.insertInto('case_file_history').values(history).execute();
    await audit(trx);
    return 'done';
  });
}
