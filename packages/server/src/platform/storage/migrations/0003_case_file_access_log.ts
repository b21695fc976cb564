// Migration 0003: the audit trail of lawyer reads of case files: who, which case file, what, when.
// No content is stored; the rows expire on their own clock (features/retention/retentionPolicy.ts), not with the case file.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_file_access_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: the trail must outlive the deletion of the case file it describes.
    .addColumn('case_file_id', 'text', (c) => c.notNull())
    .addColumn('lawyer_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('accessed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_file_access_log_case_idx').on('case_file_access_log').columns(['case_file_id', 'accessed_at']).execute();
  await db.schema.createIndex('case_file_access_log_time_idx').on('case_file_access_log').column('accessed_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('case_file_access_log').ifExists().execute();
}

export const caseFileAccessLogMigration: Migration = { up, down };
