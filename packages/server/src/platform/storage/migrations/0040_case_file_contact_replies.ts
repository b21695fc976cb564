// Migration 0040: the firm answers a message the client sent from the Fallakte („Kontakt“), and the client reads the
// answer there (POST api/lawyer/case-files/{id}/contacts/{contactId}/reply, GET api/case-file/{token}/contact). One
// answer per message, on the message's own row: `reply` (the text), `replied_at`, and `replied_by_name` (the lawyer as
// the client saw them then). The row goes with the case file (retention, erasure) and into the Art. 15 archive as it
// is. Null while a message has no answer, and for every message before this migration.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_contacts').addColumn('reply', 'text').execute();
  await db.schema.alterTable('case_file_contacts').addColumn('replied_at', 'text').execute();
  await db.schema.alterTable('case_file_contacts').addColumn('replied_by_name', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_file_contacts').dropColumn('replied_by_name').execute();
  await db.schema.alterTable('case_file_contacts').dropColumn('replied_at').execute();
  await db.schema.alterTable('case_file_contacts').dropColumn('reply').execute();
}

export const caseFileContactRepliesMigration: Migration = { up, down };
