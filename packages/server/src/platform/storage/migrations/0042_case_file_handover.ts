// Migration 0042: the last hand-over of a case file to a colleague (POST api/lawyer/case-files/{id}/handover,
// features/casefile/handover.ts), on the file's own row: `handed_over_at`, `handed_over_by_name` (the former holder's
// name) and `handover_note` (the optional note for the colleague; the client never reads it). The columns go with the
// row (retention, erasure) and into the Art. 15 archive as it is. Null for every file never handed over.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').addColumn('handed_over_at', 'text').execute();
  await db.schema.alterTable('case_files').addColumn('handed_over_by_name', 'text').execute();
  await db.schema.alterTable('case_files').addColumn('handover_note', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').dropColumn('handover_note').execute();
  await db.schema.alterTable('case_files').dropColumn('handed_over_by_name').execute();
  await db.schema.alterTable('case_files').dropColumn('handed_over_at').execute();
}

export const caseFileHandoverMigration: Migration = { up, down };
