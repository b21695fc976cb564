// Migration 0029: when the lawyer's console was last connected to the hub, for the server-side chat lifecycle
// (features/chat/lifecycle/lawyerAway.ts). One row per lawyer, written like participant_presence (0015): every server
// process refreshes the rows of the lawyers connected to it every 30 s and writes the moment a lawyer's last
// connection on it closes; a process killed with -9 simply stops refreshing. Kept one day (the lifecycle purges older
// rows); a missing row reads as "last seen when the chat was accepted".
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lawyer_presence')
    .addColumn('lawyer_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lawyer_presence_last_seen').on('lawyer_presence').column('last_seen_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lawyer_presence').execute();
}

export const lawyerPresenceMigration: Migration = { up, down };
