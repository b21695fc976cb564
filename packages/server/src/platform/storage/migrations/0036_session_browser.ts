// Migration 0036: which browser a client session belongs to (`sessions.browser_key`, `login_tickets.browser_key`). A
// customer login keeps the key of the web session the same browser already holds for the same person (a new random key
// otherwise), its chat ticket hands the key on, and the chat session it opens carries it – in its cookie too, so the hub
// knows a connection's browser without a read (platform/hubCalls/hubAuth.ts). A participant's hub calls then extend the
// sessions of their own browser only, not those of a computer the person left signed in (found from outside,
// 2026-12-06). Null for lawyers, case files and sessions from before this migration (which end by their own timers).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('browser_key', 'text').execute();
  await db.schema.alterTable('login_tickets').addColumn('browser_key', 'text').execute();
  await db.schema.createIndex('sessions_browser_key').on('sessions').column('browser_key').where('browser_key', 'is not', null).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_browser_key').execute();
  await db.schema.alterTable('login_tickets').dropColumn('browser_key').execute();
  await db.schema.alterTable('sessions').dropColumn('browser_key').execute();
}

export const sessionBrowserMigration: Migration = { up, down };
