// Migration 0031: `cases.erasure_requested_at` – when a data-subject erasure (GDPR Art. 17) asked for a chat case that
// had to stay because a case file grew out of it (§ 50 BRAO). The request is not forgotten: once that case file's
// retention has ended, the retention job erases the chat case as the request would have (features/dataRequests/
// requestedErasure.ts). Null for every other case.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').addColumn('erasure_requested_at', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cases').dropColumn('erasure_requested_at').execute();
}

export const caseErasureRequestedMigration: Migration = { up, down };
