// Migration 0038: `case_files.withdrawn_at` – when the file's lawyer (or an administrator) withdrew a case file created by
// mistake before the client ever used it (features/casefile/withdrawal.ts). The row stays: its link then answers 410
// `CaseFileWithdrawn` instead of "unknown", the audit log names it, and the retention job deletes it at its deadline.
// Null for every other file, so every existing file stays as it was.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').addColumn('withdrawn_at', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_files').dropColumn('withdrawn_at').execute();
}

export const caseFileWithdrawnMigration: Migration = { up, down };
