// Migration 0018: `callbacks.assigned_lawyer_id` – the lawyer who is to make an open callback when it is not the one
// who held the chat. Set when an administrator deactivates a lawyer and hands their open callbacks to a colleague
// (features/admin/team.ts); null: the lawyer of the callback's chat.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').addColumn('assigned_lawyer_id', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').dropColumn('assigned_lawyer_id').execute();
}

export const callbackAssigneeMigration: Migration = { up, down };
