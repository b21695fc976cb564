// Migration 0016: indexes for the reports (features/reports). The report reads the cases started in a period
// (cases.created_at; with an insurer: cases_insurer_created of 0014), their chats by case with the first accepted one
// (chats(case_id, accepted_at)), their callbacks by case, and – filtered by lawyer – the chats a lawyer accepted
// (chats(lawyer_id, accepted_at)). ratings.case_id is unique (0001) and so already indexed.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('cases_created_idx').on('cases').column('created_at').execute();
  await db.schema.createIndex('chats_case_accepted_idx').on('chats').columns(['case_id', 'accepted_at']).execute();
  await db.schema.createIndex('chats_lawyer_accepted_idx').on('chats').columns(['lawyer_id', 'accepted_at']).execute();
  await db.schema.createIndex('callbacks_case_idx').on('callbacks').column('case_id').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('callbacks_case_idx').execute();
  await db.schema.dropIndex('chats_lawyer_accepted_idx').execute();
  await db.schema.dropIndex('chats_case_accepted_idx').execute();
  await db.schema.dropIndex('cases_created_idx').execute();
}

export const reportIndexesMigration: Migration = { up, down };
