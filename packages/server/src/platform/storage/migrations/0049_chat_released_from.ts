// Migration 0049: `chats.released_from_lawyer_id` – the colleague a forwarded chat waited for when its hold
// (FORWARD_HOLD_MS, features/chat/lifecycle/forwardHold.ts) ran out and the server offered it to every lawyer. The
// queue names them („Nicht angenommen von … – wieder für alle“), and the lawyer who forwarded the chat learns that it
// is back in the queue instead of with that colleague. Set by the release itself (a conditional update, so a release
// processed after a restart or by a second process records it once), cleared when a lawyer accepts the chat. Null for
// every other chat and for chats released before this migration (nothing recorded whom they were released from).
// Portable SQL only, as every migration: one text column on both engines, no foreign key (as `accepted_lawyer_id`).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('released_from_lawyer_id', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('released_from_lawyer_id').execute();
}

export const chatReleasedFromMigration: Migration = { up, down };
