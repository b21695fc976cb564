// Migration 0024: `callbacks.done_by_lawyer_id` – who marked a callback done (`done_at` says when). Callbacks are the
// firm's shared list, so in a firm with several lawyers the console shows „Erledigt von <Name> am …“; cleared with
// `done_at` when a lawyer undoes it. Callbacks marked done before this migration keep null: the console then shows
// only the time, as before.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').addColumn('done_by_lawyer_id', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').dropColumn('done_by_lawyer_id').execute();
}

export const callbackDoneByMigration: Migration = { up, down };
