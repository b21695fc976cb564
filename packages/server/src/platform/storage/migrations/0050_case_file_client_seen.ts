// Migration 0050: what the client has already seen of the firm's news in their Fallakte, per case file:
// `client_seen_messages_at` – when the client last opened „Kontaktieren Sie uns“ (the firm's messages and the firm's
// answers to the client's messages until then count as read), `client_seen_documents_at` – when the client last opened
// „Dokumente“ (the documents the firm shared until then). The case-file overview (GET api/case-file/{token}/case) counts
// the firm's items after them as `UnreadMessages` / `UnreadDocuments`; PUT api/case-file/{token}/seen/{what} sets them.
// Null: nothing seen yet, every item of the firm counts. A file from before this migration starts as seen now, so its old
// messages and documents do not turn up as news all at once. Portable SQL only: two text columns and one update with a
// bound ISO value, the same on SQLite and PostgreSQL.
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').addColumn('client_seen_messages_at', 'text').execute();
  await db.schema.alterTable('case_files').addColumn('client_seen_documents_at', 'text').execute();
  const now = new Date().toISOString();
  await sql`update case_files set client_seen_messages_at = ${now}, client_seen_documents_at = ${now}`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').dropColumn('client_seen_documents_at').execute();
  await db.schema.alterTable('case_files').dropColumn('client_seen_messages_at').execute();
}

export const caseFileClientSeenMigration: Migration = { up, down };
