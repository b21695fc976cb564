// The message append of the hot path as prepared better-sqlite3 statements: prepared once,
// run synchronously inside the group commit's transaction, no query building per message.
// Same rules as insertMessage in features/chat/messages.ts (the Kysely path PostgreSQL uses).
import type BetterSqlite3 from 'better-sqlite3';
import type { MessagesTable } from './tables.js';
import { SQLITE_NEXT_SEQ } from './messageQueries.js';

export interface MessageStatements {
  /** The message already stored under this client id, if any. */
  byClientId(chatId: string, clientId: string): MessagesTable | undefined;
  /** The chat's state, undefined when the chat does not exist (any more). */
  chatState(chatId: string): string | undefined;
  /** The case's next sequence number, from UNIQUE(case_id, seq) (SQLITE_NEXT_SEQ in messageQueries.ts). */
  nextSeq(caseId: string): number;
  insert(row: MessagesTable): void;
}

export function prepareMessageStatements(sqlite: BetterSqlite3.Database): MessageStatements {
  const byClientId = sqlite.prepare<[string, string], MessagesTable>('SELECT * FROM messages WHERE chat_id = ? AND client_id = ?');
  const chatState = sqlite.prepare<[string], string>('SELECT state FROM chats WHERE id = ?').pluck();
  const nextSeq = sqlite.prepare<[string], number>(SQLITE_NEXT_SEQ).pluck();
  const insert = sqlite.prepare<[MessagesTable]>(
    'INSERT INTO messages (id, case_id, chat_id, seq, client_id, type, text, author_kind, author_id, author_name, file_id, created_at) ' +
      'VALUES (@id, @case_id, @chat_id, @seq, @client_id, @type, @text, @author_kind, @author_id, @author_name, @file_id, @created_at)',
  );
  return {
    byClientId: (chatId, clientId) => byClientId.get(chatId, clientId),
    chatState: (chatId) => chatState.get(chatId),
    nextSeq: (caseId) => nextSeq.get(caseId) as number,
    insert: (row) => void insert.run(row),
  };
}
