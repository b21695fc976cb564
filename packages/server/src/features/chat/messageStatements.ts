// The message append of the hot path as prepared better-sqlite3 statements: prepared once,
// run synchronously inside the group commit's transaction, no query building per message.
// Same rules as insertMessage in features/chat/messages.ts (the Kysely path PostgreSQL uses).
//
// A new message is one statement: the open-chat check, the case's next sequence number and the
// dedupe by client id all run inside the INSERT (the UNIQUE(chat_id, client_id) index the insert
// writes anyway refuses a resend). Four statements per message cost about a fifth more CPU
// (docs/performance.md); only when nothing was stored does a second statement say why.
import type BetterSqlite3 from 'better-sqlite3';
import type { MessagesTable } from './tables.js';
import { OPEN_CHAT_STATES } from './messageQueries.js';

export interface MessageStatements {
  /**
   * Stores the message with the case's next sequence number (one more than the highest stored, from
   * UNIQUE(case_id, seq); `nextSeq` in messageQueries.ts explains why that is safe) and answers with
   * that number. Answers undefined and stores nothing when the chat already holds a message with this
   * client id, or, with onlyWhileChatOpen, when the chat does not exist or no longer takes messages.
   */
  insert(values: Omit<MessagesTable, 'seq'>, onlyWhileChatOpen: boolean): number | undefined;
  /** The message already stored under this client id, if any. */
  byClientId(chatId: string, clientId: string): MessagesTable | undefined;
}

const COLUMNS = 'id, case_id, chat_id, seq, client_id, type, text, author_kind, author_id, author_name, file_id, created_at';

/** Anonymous parameters by position (binding by name looks up every property of an object: measurably slower). */
const INSERT_IF_OPEN =
  `INSERT INTO messages (${COLUMNS}) ` +
  'SELECT ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE case_id = ?), ?, ?, ?, ?, ?, ?, ?, ? ' +
  `WHERE ? = 0 OR (SELECT state FROM chats WHERE id = ?) IN (${OPEN_CHAT_STATES.map(() => '?').join(', ')}) ` +
  'ON CONFLICT (chat_id, client_id) DO NOTHING RETURNING seq';

export function prepareMessageStatements(sqlite: BetterSqlite3.Database): MessageStatements {
  const insert = sqlite.prepare<unknown[], number>(INSERT_IF_OPEN).pluck();
  const byClientId = sqlite.prepare<[string, string], MessagesTable>('SELECT * FROM messages WHERE chat_id = ? AND client_id = ?');
  return {
    insert: (v, onlyWhileChatOpen) =>
      insert.get(
        v.id,
        v.case_id,
        v.chat_id,
        v.case_id,
        v.client_id,
        v.type,
        v.text,
        v.author_kind,
        v.author_id,
        v.author_name,
        v.file_id,
        v.created_at,
        onlyWhileChatOpen ? 1 : 0,
        v.chat_id,
        ...OPEN_CHAT_STATES,
      ),
    byClientId: (chatId, clientId) => byClientId.get(chatId, clientId),
  };
}
