// Migration 0021 (PostgreSQL only): `rechtschat_append_messages(batch jsonb)`, the group commit's whole batch in one
// round trip. It runs, for each message in order, exactly the rules of the single append (features/chat/
// pgMessageAppend.ts): the message already stored under its client id is answered as it is; otherwise, if the chat
// still takes messages (when asked) and the case exists, the case's next sequence number is reserved and the message
// inserted. Before, a batch of N messages cost N sequential round trips inside its transaction, which capped the hub
// on PostgreSQL at about 1,000 messages/s on two cores (docs/performance.md). SQLite keeps its prepared statements.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
CREATE OR REPLACE FUNCTION rechtschat_append_messages(batch jsonb)
RETURNS TABLE (
  ord integer, outcome text, id text, case_id text, chat_id text, seq integer, client_id text, type integer, text text,
  author_kind text, author_id text, author_name text, file_id text, created_at text, chat_state text
)
LANGUAGE plpgsql AS $fn$
DECLARE
  m jsonb;
  i integer := 0;
  found_row messages%ROWTYPE;
  state_now text;
  reserved integer;
BEGIN
  FOR m IN SELECT value FROM jsonb_array_elements(batch) LOOP
    i := i + 1;
    found_row := NULL;
    IF m->>'client_id' IS NOT NULL THEN
      SELECT * INTO found_row FROM messages AS x WHERE x.chat_id = m->>'chat_id' AND x.client_id = m->>'client_id';
    END IF;
    IF found_row.id IS NOT NULL THEN
      RETURN QUERY SELECT i, 'existing'::text, found_row.id, found_row.case_id, found_row.chat_id, found_row.seq, found_row.client_id,
        found_row.type, found_row.text, found_row.author_kind, found_row.author_id, found_row.author_name, found_row.file_id,
        found_row.created_at, NULL::text;
      CONTINUE;
    END IF;
    SELECT c.state INTO state_now FROM chats AS c WHERE c.id = m->>'chat_id';
    IF (m->>'only_while_open')::boolean AND (state_now IS NULL OR state_now NOT IN ('waiting', 'active')) THEN
      RETURN QUERY SELECT i, 'refused'::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::integer,
        NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, state_now;
      CONTINUE;
    END IF;
    UPDATE cases AS k SET next_seq = k.next_seq + 1 WHERE k.id = m->>'case_id' RETURNING k.next_seq - 1 INTO reserved;
    IF reserved IS NULL THEN
      RETURN QUERY SELECT i, 'refused'::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text, NULL::integer,
        NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, state_now;
      CONTINUE;
    END IF;
    INSERT INTO messages AS x (id, case_id, chat_id, seq, client_id, type, text, author_kind, author_id, author_name, file_id, created_at)
    VALUES (m->>'id', m->>'case_id', m->>'chat_id', reserved, m->>'client_id', (m->>'type')::integer, m->>'text', m->>'author_kind',
      m->>'author_id', m->>'author_name', m->>'file_id', m->>'created_at');
    RETURN QUERY SELECT i, 'inserted'::text, m->>'id', m->>'case_id', m->>'chat_id', reserved, m->>'client_id', (m->>'type')::integer,
      m->>'text', m->>'author_kind', m->>'author_id', m->>'author_name', m->>'file_id', m->>'created_at', NULL::text;
  END LOOP;
END
$fn$`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`DROP FUNCTION IF EXISTS rechtschat_append_messages(jsonb)`.execute(db);
}

export const pgAppendMessagesMigration: Migration = { up, down };
