// Migration 0043: messages the firm starts in the client's Fallakte (POST api/lawyer/case-files/{id}/messages), e.g. to
// ask for a missing document; the client reads them on „Kontakt“ (GET api/case-file/{token}/contact) and answers with the
// contact form. A table of their own, not a flag on `case_file_contacts`: every reader of that table means „the client's
// messages“ (the firm's mail about each one, `mailed`; the one answer per message, migration 0040; the counts in the
// lawyer's list; the archive's „Ihre Nachrichten an die Kanzlei“), and a firm message has no mail to the firm and no
// answer of its own. `written_by_name`: the lawyer as the client saw them then (like `replied_by_name`). The rows go with
// the case file: the retention job and an erasure delete them with it (retentionQueries.deleteCaseFile), and the Art. 15
// archive lists them (dataRequests). Portable types only, so SQLite and PostgreSQL run the same migration.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_file_firm_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('written_by_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_file_firm_messages_case_idx').on('case_file_firm_messages').columns(['case_file_id', 'created_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('case_file_firm_messages').execute();
}

export const caseFileFirmMessagesMigration: Migration = { up, down };
