// Migration 0027: what the lawyer's "Angemeldete Geräte" tells the sessions apart by (platform/sessionDevice.ts) –
// `sessions.browser` and `sessions.system` (short names read from the User-Agent at login, not the header itself) and
// `sessions.network` (the address shortened to its IPv4 /24 or IPv6 /48). Written for lawyer sessions only; they go
// with the session row. Sessions from before this migration keep null ("Unbekannter Browser") until they end.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('browser', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('system', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('network', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('network').execute();
  await db.schema.alterTable('sessions').dropColumn('system').execute();
  await db.schema.alterTable('sessions').dropColumn('browser').execute();
}

export const sessionDeviceMigration: Migration = { up, down };
