// Migration 0015: when the client was last connected to the hub, for the server-side chat lifecycle
// (features/chat/lifecycle). One row per participant: every server process refreshes the rows of the participants
// connected to it every 30 s and writes the moment a participant's last connection on it closes; a process killed
// with -9 simply stops refreshing, so its clients count as gone from their last refresh on. Kept one day
// (the lifecycle purges older rows); a missing row reads as "last seen when the chat began".
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participant_presence')
    .addColumn('participant_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('participant_presence_last_seen').on('participant_presence').column('last_seen_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('participant_presence').execute();
}

export const participantPresenceMigration: Migration = { up, down };
