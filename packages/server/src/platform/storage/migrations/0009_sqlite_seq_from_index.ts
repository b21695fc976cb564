// Migration 0009: on SQLite a message's sequence number comes from UNIQUE(case_id, seq) (one more than
// the case's highest) instead of `cases.next_seq`, which SQLite no longer updates per message (one page
// less per commit, see nextSeq in features/chat/messageQueries.ts). Nothing to change going up:
// the numbers already stored stay as they are. Going down, an older release needs `next_seq` right
// again, so it is recomputed from the messages. PostgreSQL keeps maintaining `next_seq`: no-op there.
import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';

async function up(): Promise<void> {}

async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`UPDATE cases SET next_seq = (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE messages.case_id = cases.id)`.execute(db);
}

export const sqliteSeqFromIndexMigration: Migration = { up, down };
