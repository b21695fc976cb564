// Migration 0020: `case_file_documents.seen_by_firm_at` – when a lawyer first fetched the document in the console.
// Until then the client may remove a wrongly uploaded document of their own; once the firm has seen it, it
// stays part of the file. Documents stored before this migration count as seen (they may already have been read).
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_documents').addColumn('seen_by_firm_at', 'text').execute();
  await sql`update case_file_documents set seen_by_firm_at = created_at`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_documents').dropColumn('seen_by_firm_at').execute();
}

export const caseFileDocumentSeenMigration: Migration = { up, down };
