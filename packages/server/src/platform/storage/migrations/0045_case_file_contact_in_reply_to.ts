// Migration 0045: the client's message can answer a message the firm started (POST api/case-file/{token}/contact with
// `InReplyTo`, the web app's „Antworten“ on „Kontakt“). `in_reply_to` holds the id of that row of
// `case_file_firm_messages`; the server stores it only for a firm message of the same case file (an unknown or another
// file's id is refused, clientActions.ts). Null for every other message and for every message before this migration.
// No foreign key: both rows go with the case file (retention, erasure – retentionQueries.deleteCaseFile), a firm message
// is never deleted on its own, and the Art. 15 archive exports the column as it is. Portable type only, so SQLite and
// PostgreSQL run the same migration.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_contacts').addColumn('in_reply_to', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_contacts').dropColumn('in_reply_to').execute();
}

export const caseFileContactInReplyToMigration: Migration = { up, down };
