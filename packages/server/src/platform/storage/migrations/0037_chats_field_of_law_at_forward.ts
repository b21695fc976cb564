// Migration 0037: `chats.field_of_law_at_forward` and `field_of_law_long_name_at_forward` – the case's field of law as it
// was when the chat was handed on (a lawyer's forward, or the release of an away lawyer's chat), written by the same
// update that ends the chat. The lawyer who handed the case on reads the field as it was then, not the colleague's later
// correction (docs/security.md › „Access after forwarding“; found from outside, 2026-12-06). Null for every chat that
// was not handed on and for chats handed on before this migration (their lawyer reads the current field).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('field_of_law_at_forward', 'integer').execute();
  await db.schema.alterTable('chats').addColumn('field_of_law_long_name_at_forward', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('field_of_law_long_name_at_forward').execute();
  await db.schema.alterTable('chats').dropColumn('field_of_law_at_forward').execute();
}

export const chatsFieldOfLawAtForwardMigration: Migration = { up, down };
