// Migration 0034: which insurer key signed a client in (`sessions.entry_kid`, `login_tickets.entry_kid`). The web session
// of a customer login keeps the entry token's `kid`, its chat ticket and the chat session it opens inherit it: revoking
// the key (features/insurers) ends exactly the sessions a stolen key could have opened, not the insurer's other clients'.
// Null for every other session (lawyers, case files, the single-insurer secret) and for sessions from before this
// migration – those end by their own timers (at most 12 hours).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('entry_kid', 'text').execute();
  await db.schema.alterTable('login_tickets').addColumn('entry_kid', 'text').execute();
  await db.schema.createIndex('sessions_entry_kid').on('sessions').column('entry_kid').where('entry_kid', 'is not', null).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_entry_kid').execute();
  await db.schema.alterTable('login_tickets').dropColumn('entry_kid').execute();
  await db.schema.alterTable('sessions').dropColumn('entry_kid').execute();
}

export const sessionEntryKeyMigration: Migration = { up, down };
