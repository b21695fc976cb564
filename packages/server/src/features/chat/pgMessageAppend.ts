// The message append on PostgreSQL as one named statement: PostgreSQL prepares it once per
// connection, and the dedupe by client id, the open-chat check, the sequence reservation and
// the insert run in one round trip and one implicit transaction (one commit) instead of seven
// round trips. Same rules as insertMessage in features/chat/messages.ts.
import type pg from 'pg';
import type { MessagesTable } from './tables.js';

export type AppendOutcome =
  | { readonly kind: 'inserted' | 'existing'; readonly row: MessagesTable }
  /** Nothing written: the case is unknown, or the chat is not open under `onlyWhileChatOpen`. */
  | { readonly kind: 'refused'; readonly chatState: string | null };

const APPEND_SQL = `
WITH existing AS (
  SELECT * FROM messages WHERE $4::text IS NOT NULL AND chat_id = $3 AND client_id = $4
), reserved AS (
  UPDATE cases SET next_seq = next_seq + 1
  WHERE id = $2
    AND NOT EXISTS (SELECT 1 FROM existing)
    AND (NOT $12::boolean OR EXISTS (SELECT 1 FROM chats WHERE id = $3 AND state IN ('waiting', 'active')))
  RETURNING next_seq
), inserted AS (
  INSERT INTO messages (id, case_id, chat_id, seq, client_id, type, text, author_kind, author_id, author_name, file_id, created_at)
  SELECT $1::text, $2::text, $3::text, next_seq - 1, $4::text, $5::integer, $6::text, $7::text, $8::text, $9::text, $10::text, $11::text FROM reserved
  RETURNING *
)
SELECT 'existing' AS outcome, id, case_id, chat_id, seq, client_id, type, text, author_kind, author_id, author_name, file_id, created_at, NULL AS chat_state FROM existing
UNION ALL
SELECT 'inserted', id, case_id, chat_id, seq, client_id, type, text, author_kind, author_id, author_name, file_id, created_at, NULL FROM inserted
UNION ALL
SELECT 'refused', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, (SELECT state FROM chats WHERE id = $3)
WHERE NOT EXISTS (SELECT 1 FROM existing) AND NOT EXISTS (SELECT 1 FROM reserved)`;

type ResultRow = MessagesTable & { outcome: 'existing' | 'inserted' | 'refused'; chat_state: string | null };

/** One result row of either statement as the caller's outcome (PostgreSQL may hand integers back as strings). */
function outcomeOf(first: ResultRow | undefined): AppendOutcome {
  if (first === undefined || first.outcome === 'refused') return { kind: 'refused', chatState: first?.chat_state ?? null };
  const { outcome, chat_state: _state, ...message } = first;
  return { kind: outcome, row: { ...message, seq: Number(message.seq), type: Number(message.type) } };
}

/** `row` carries the new message's id and values; seq is assigned by the statement. */
/** Runs on the pool (its own implicit transaction) or on a client inside the group commit's transaction. */
export async function pgAppendMessage(pool: pg.Pool | pg.PoolClient, row: Omit<MessagesTable, 'seq'>, onlyWhileChatOpen: boolean): Promise<AppendOutcome> {
  const result = await pool.query<ResultRow>({
    name: 'rechtschat_append_message',
    text: APPEND_SQL,
    values: [
      row.id,
      row.case_id,
      row.chat_id,
      row.client_id,
      row.type,
      row.text,
      row.author_kind,
      row.author_id,
      row.author_name,
      row.file_id,
      row.created_at,
      onlyWhileChatOpen,
    ],
  });
  return outcomeOf(result.rows[0]);
}

export interface BatchAppend {
  /** The new message's id and values; seq is assigned by the statement. */
  readonly row: Omit<MessagesTable, 'seq'>;
  readonly onlyWhileChatOpen: boolean;
}

/**
 * A whole batch in one round trip and one statement: `rechtschat_append_messages` (migration 0021) applies the single
 * append's rules to each message in order and answers one row per message. Run on the pool, the statement is its own
 * transaction: all of the batch is stored, or (any error) none of it.
 */
export async function pgAppendMessages(client: pg.Pool | pg.PoolClient, batch: readonly BatchAppend[]): Promise<AppendOutcome[]> {
  const payload = batch.map(({ row, onlyWhileChatOpen }) => ({ ...row, only_while_open: onlyWhileChatOpen }));
  const result = await client.query<ResultRow & { ord: number }>({
    name: 'rechtschat_append_messages',
    text: 'SELECT * FROM rechtschat_append_messages($1::jsonb)',
    values: [JSON.stringify(payload)],
  });
  const byPosition = new Map(result.rows.map((row) => [Number(row.ord), row]));
  return batch.map((_, index) => outcomeOf(byPosition.get(index + 1)));
}
