// Queries on case_file_documents (metadata only; the bytes live on disk, see documents.ts).
import type { Db } from '../../platform/storage/database.js';
import type { CaseFileDocumentTable } from './tables.js';
import type { CaseFileDb } from './caseFileQueries.js';

export async function insertDocument(db: CaseFileDb, row: CaseFileDocumentTable): Promise<void> {
  await db.insertInto('case_file_documents').values(row).execute();
}

/**
 * Inserts the row only while the mandate is open and its case file holds fewer than `max` documents: `'closed'` or
 * `'full'` otherwise. The check and the insert share one transaction that first locks the case file's row
 * (PostgreSQL; SQLite runs one transaction at a time) by an update that matches only an open file, so neither
 * parallel uploads nor the lawyer ending the mandate meanwhile can slip past the check.
 */
export async function insertDocumentWithinQuota(db: CaseFileDb, row: CaseFileDocumentTable, max: number): Promise<'stored' | 'full' | 'closed'> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('case_files')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', row.case_file_id)
      .where('closed', '=', 0)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return 'closed';
    if ((await countDocumentRows(trx, row.case_file_id)) >= max) return 'full';
    await trx.insertInto('case_file_documents').values(row).execute();
    return 'stored';
  });
}

export async function listDocumentRows(db: CaseFileDb, caseFileId: string): Promise<CaseFileDocumentTable[]> {
  return db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', caseFileId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function countDocumentRows(db: CaseFileDb, caseFileId: string): Promise<number> {
  const row = await db
    .selectFrom('case_file_documents')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('case_file_id', '=', caseFileId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The document row only if it belongs to the given case file (object-level check). */
export async function findDocumentRow(db: CaseFileDb, caseFileId: string, documentId: string): Promise<CaseFileDocumentTable | undefined> {
  return db.selectFrom('case_file_documents').selectAll().where('id', '=', documentId).where('case_file_id', '=', caseFileId).executeTakeFirst();
}

/**
 * Removes the client's own upload only while no lawyer has fetched it: one conditional delete, so a lawyer's fetch
 * and the client's removal cannot both win. True when the row was removed.
 */
export async function deleteUnseenClientDocument(db: CaseFileDb, caseFileId: string, documentId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('case_file_documents')
    .where('id', '=', documentId)
    .where('case_file_id', '=', caseFileId)
    .where('uploaded_by', '=', 'client')
    .where('seen_by_firm_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Removes a document the firm shared (`uploaded_by` 'lawyer', sharedDocumentWithdrawal.ts) and runs `within` in the same
 * transaction, both or neither: the client's history entry and the firm's audit entry are written with the removal. One
 * conditional delete, so of two withdrawals at the same moment one wins; false when no such row was there any more.
 */
export async function deleteSharedDocument(db: Db, caseFileId: string, documentId: string, within: (trx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('case_file_documents')
      .where('id', '=', documentId)
      .where('case_file_id', '=', caseFileId)
      .where('uploaded_by', '=', 'lawyer')
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await within(trx);
    return true;
  });
}

/** Marks the document as seen by the firm (first fetch by a lawyer); later fetches keep the first time. */
export async function markDocumentSeen(db: CaseFileDb, caseFileId: string, documentId: string, at: Date): Promise<void> {
  await db
    .updateTable('case_file_documents')
    .set({ seen_by_firm_at: at.toISOString() })
    .where('id', '=', documentId)
    .where('case_file_id', '=', caseFileId)
    .where('seen_by_firm_at', 'is', null)
    .execute();
}
