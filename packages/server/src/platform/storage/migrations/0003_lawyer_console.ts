// Migration 0003 (lawyer console): callbacks can be marked done, lawyers can upload a profile photo.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').addColumn('done_at', 'text').execute();
  await db.schema.alterTable('lawyers').addColumn('photo_storage_name', 'text').execute();
  await db.schema.alterTable('lawyers').addColumn('photo_content_type', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lawyers').dropColumn('photo_content_type').execute();
  await db.schema.alterTable('lawyers').dropColumn('photo_storage_name').execute();
  await db.schema.alterTable('callbacks').dropColumn('done_at').execute();
}

export const lawyerConsoleMigration: Migration = { up, down };
