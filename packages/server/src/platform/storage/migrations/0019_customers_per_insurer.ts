// Migration 0019: a customer belongs to an insurer. The same insurance number at two insurers is two different
// people, so `customers.number_hash` of an insurer's customer is keyed with the insurer (features/product/customers.ts
// numberHashOf) and `customers.insurer_id` names it. Existing rows stay the single-insurer default (null), whose hash
// is unchanged.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('insurer_id', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('insurer_id').execute();
}

export const customersPerInsurerMigration: Migration = { up, down };
