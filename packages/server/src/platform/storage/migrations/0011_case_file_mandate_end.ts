// Migration 0011: the lawyer ends a mandate (§ 50 Abs. 1 BRAO: the Handakte is kept six years after the end of
// the calendar year in which the mandate ended). `closed_at` says when; `retention_until` of a file whose mandate
// is still open becomes OPEN_MANDATE_RETENTION_UNTIL, so the deletion job never takes it. Until now every file was
// open (`closed` was always 0) and carried a deadline counted from its creation, which would have deleted a
// long-running mandate too early. Down gives open files that old creation-based deadline back.
import { sql, type Kysely, type Migration } from 'kysely';

/** The case file's OPEN_MANDATE_RETENTION_UNTIL (features/casefile/tables.ts) as of this migration (a migration keeps its own values). */
const OPEN_MANDATE_RETENTION_UNTIL = '9999-12-31T23:59:59.999Z';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').addColumn('closed_at', 'text').execute();
  await sql`update case_files set retention_until = ${OPEN_MANDATE_RETENTION_UNTIL} where closed = 0`.execute(db);
}

/** The rule before 0011: 1 January (UTC) of the seventh year after creation. */
const creationDeadline = (createdAt: string) => new Date(Date.UTC(new Date(createdAt).getUTCFullYear() + 7, 0, 1)).toISOString();

async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; created_at: string }>`select id, created_at from case_files where closed = 0`.execute(db);
  for (const row of rows) {
    await sql`update case_files set retention_until = ${creationDeadline(row.created_at)} where id = ${row.id}`.execute(db);
  }
  await db.schema.alterTable('case_files').dropColumn('closed_at').execute();
}

export const caseFileMandateEndMigration: Migration = { up, down };
