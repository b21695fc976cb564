// Migration 0025: `insurer_keys.last_used_at` – when an entry token signed with the key was last accepted, so the
// administration sees whether an old key is still in use before retiring it („Zuletzt benutzt: …“ / „Noch nie
// benutzt“). Written at most about once a minute per key (features/insurers/keyUse.ts); keys from before this
// migration start with null until their next use.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('insurer_keys').addColumn('last_used_at', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('insurer_keys').dropColumn('last_used_at').execute();
}

export const insurerKeyLastUsedMigration: Migration = { up, down };
