// Migration 0035: `chats.waiting_since` – for a chat the server handed back to every lawyer's queue because the lawyer
// of the chat before it was away (features/chat/lifecycle/lawyerAway.ts): since when the client has been without an
// answering lawyer, the later of that chat's acceptance and its lawyer's newest message. The queue shows and orders the
// chat by it, and it tells the queue that the chat came back rather than being forwarded. Null for every other chat
// (they wait since `created_at`).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('waiting_since', 'text').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('waiting_since').execute();
}

export const chatsWaitingSinceMigration: Migration = { up, down };
