// Migration 0047: `insurers.ended_at` – when the firm ended the collaboration with an insurer (console → Verwaltung →
// Versicherer, „Zusammenarbeit beenden“; features/insurers). Ending revokes every key of the insurer in the same
// transaction and no new key can be made while it is set; the insurer row itself stays, so its cases, chats, case
// files, reports and invoices keep naming it. Null: the collaboration runs (every insurer from before this migration;
// „wieder aufnehmen“ sets it back to null). Portable SQL only, as every migration: one text column on both engines.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('insurers').addColumn('ended_at', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('insurers').dropColumn('ended_at').execute();
}

export const insurerEndedMigration: Migration = { up, down };
