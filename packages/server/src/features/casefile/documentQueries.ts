// Queries on case_file_documents (metadata only; the bytes live on disk, see documents.ts).
import type { CaseFileDocumentTable } from '../../platform/storage/caseFileSchema.js';
import type { CaseFileDb } from './caseFileQueries.js';

export async function insertDocument(db: CaseFileDb, row: CaseFileDocumentTable): Promise<void> {
  await db.insertInto('case_file_documents').values(row).execute();
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

/** The document row only if it belongs to the given case file (object-level check, SECURITY H5). */
export async function findDocumentRow(db: CaseFileDb, caseFileId: string, documentId: string): Promise<CaseFileDocumentTable | undefined> {
  return db.selectFrom('case_file_documents').selectAll().where('id', '=', documentId).where('case_file_id', '=', caseFileId).executeTakeFirst();
}
