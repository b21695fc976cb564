// Migration 0039: documents the firm shares into the client's Fallakte (POST api/lawyer/case-files/{id}/documents,
// `uploaded_by` = 'lawyer'). `shared_by_name`: the lawyer's name as the client saw it when the document was shared
// (the file's lawyer may change their name later; the client reads who gave them the document then). `note`: the
// lawyer's optional short note to the client. Both null for every other document and for those stored before.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_documents').addColumn('shared_by_name', 'text').execute();
  await db.schema.alterTable('case_file_documents').addColumn('note', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_documents').dropColumn('note').execute();
  await db.schema.alterTable('case_file_documents').dropColumn('shared_by_name').execute();
}

export const caseFileSharedDocumentsMigration: Migration = { up, down };
