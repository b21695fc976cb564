// Migration 0032: the invoice CSV selects the consultations that ended in its period (features/reports,
// completedConsultationsIn) from the chats closed in it; chats(closed_at) makes that a short index range instead of a
// scan of every chat ever held.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chats_closed_idx').on('chats').column('closed_at').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chats_closed_idx').execute();
}

export const chatsClosedIndexMigration: Migration = { up, down };
