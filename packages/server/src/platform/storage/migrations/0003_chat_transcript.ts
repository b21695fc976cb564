// Transcript of the bot part: where the offboarding bot stands per case and which
// stored bot messages are highlighted. The messages themselves stay in `messages` (same order,
// same exactly-once rule as chat messages). No foreign keys: the retention job deletes these
// rows by case_id together with the case's messages.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_progress')
    .addColumn('case_id', 'text', (c) => c.primaryKey())
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('message_highlights')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_highlights_case_idx').on('message_highlights').column('case_id').execute();
  // StartChat's OverrideDomain: the partner domain the participant came through.
  await db.schema.alterTable('cases').addColumn('override_domain', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('override_domain').execute();
  await db.schema.dropTable('message_highlights').execute();
  await db.schema.dropTable('bot_progress').execute();
}

export const chatTranscriptMigration: Migration = { up, down };
