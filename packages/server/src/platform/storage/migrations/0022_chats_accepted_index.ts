// Migration 0022: the expected wait a waiting client is told is the median wait of the chats lawyers took
// last (features/chat/queuePositions.ts), read on every queue change; chats(accepted_at) makes that a short index
// range instead of a scan of every chat ever held.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chats_accepted_idx').on('chats').column('accepted_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chats_accepted_idx').execute();
}

export const chatsAcceptedIndexMigration: Migration = { up, down };
