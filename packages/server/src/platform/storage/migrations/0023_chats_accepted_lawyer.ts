// Migration 0023: `chats.accepted_lawyer_id` – the lawyer who accepted the chat and held the consultation. Unlike
// `lawyer_id` (who holds the chat now) it never changes: when an administrator deactivates a lawyer and hands their
// active chats to a colleague (features/admin/teamQueries.ts), the colleague becomes `lawyer_id`, while the reports
// keep crediting the consultation to the lawyer who took it (features/reports). Existing accepted chats get their
// current lawyer (a hand-over before this migration is not recorded anywhere else); the index serves the reports'
// lawyer filter as chats_lawyer_accepted_idx (0016) did.
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('accepted_lawyer_id', 'text').execute();
  await sql`update chats set accepted_lawyer_id = lawyer_id where accepted_at is not null`.execute(db);
  await db.schema.createIndex('chats_accepted_lawyer_idx').on('chats').columns(['accepted_lawyer_id', 'accepted_at']).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chats_accepted_lawyer_idx').execute();
  await db.schema.alterTable('chats').dropColumn('accepted_lawyer_id').execute();
}

export const chatsAcceptedLawyerMigration: Migration = { up, down };
