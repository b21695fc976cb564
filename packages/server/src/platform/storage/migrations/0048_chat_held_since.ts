// Migration 0048: `chats.held_since` – since when a forwarded chat has waited for its current colleague, when that is
// later than the chat's creation: a deactivation hands a forwarded chat that still waits over to the successor
// (features/admin/teamQueries.ts), and the successor gets the whole hold (FORWARD_HOLD_MS) from then on, instead of the
// rest of the first colleague's. Null: the hold runs from `created_at` (a forwarded chat begins when it is forwarded),
// as for every chat from before this migration. `chats.handed_over_from`: the name of the deactivated lawyer such a chat
// was handed over from, which the successor's queue names (null: never handed over). Portable SQL only, as every
// migration: two text columns on both engines.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('held_since', 'text').execute();
  await db.schema.alterTable('chats').addColumn('handed_over_from', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('handed_over_from').execute();
  await db.schema.alterTable('chats').dropColumn('held_since').execute();
}

export const chatHeldSinceMigration: Migration = { up, down };
