// Queries of the messages area (Kysely). The per-case sequence, the dedupe by client id and
// the open-chat check run here because they must run inside the transaction that stores the
// message; the service (messages.ts) turns the outcome into answers and domain errors.
// The hot path has its own statements with the same rules (messageStatements.ts, pgMessageAppend.ts).
import { sql, SqliteAdapter } from 'kysely';
import { newSortableId } from '../../platform/ids.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/storage/database.js';
import type { MessagesTable } from './tables.js';
import type { MessageRow, NewMessage } from './messageTypes.js';

/** A Kysely connection or transaction: every function here runs on either. */
export type Executor = Pick<Db, 'selectFrom' | 'updateTable' | 'insertInto' | 'getExecutor'>;

/** The chat states that accept messages under `onlyWhileChatOpen`. */
export const OPEN_CHAT_STATES: readonly string[] = ['waiting', 'active'];

/** The stored row of a new message, all but its per-case sequence number (reserved by each writer its own way). */
export function newMessageValues(input: NewMessage, clock: Clock): Omit<MessagesTable, 'seq'> {
  const now = clock.now();
  return {
    // Time-ordered, so the primary-key index grows at its end: a commit writes one page of it for all its
    // messages instead of a random page per message (docs/performance.md). The time it shows is the message's
    // own `created_at`, which the wire carries anyway; a message id grants nothing (access goes by case).
    id: newSortableId(now),
    case_id: input.caseId,
    chat_id: input.chatId,
    client_id: input.clientId,
    type: input.type,
    text: input.text,
    author_kind: input.author.kind,
    author_id: input.author.id,
    author_name: input.author.name,
    file_id: input.fileId ?? null,
    created_at: now.toISOString(),
  };
}

/** `stored`: the new row or the one already stored under the client id; `chatClosed`: nothing written. */
export type InsertOutcome = { readonly kind: 'stored'; readonly row: MessageRow; readonly created: boolean } | { readonly kind: 'chatClosed' };

export async function findMessageByClientId(db: Executor, chatId: string, clientId: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).where('client_id', '=', clientId).executeTakeFirst();
}

/** How many messages the client wrote in the chat (clientMessageQuota.ts reads it once per chat and process). */
export async function countClientMessagesOfChat(db: Executor, chatId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('chat_id', '=', chatId)
    .where('author_kind', '=', 'participant')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The case's next sequence number on SQLite: one more than the highest stored, read from the
 * UNIQUE(case_id, seq) index the insert writes anyway. SQLite has one writer at a time and every
 * message insert takes its number this way inside its write transaction, so no two get the same
 * one (and UNIQUE(case_id, seq) would refuse it). It saves the update of `cases.next_seq` – one
 * of the five or six pages each single-message commit wrote. Since migration 0009, SQLite leaves
 * `cases.next_seq` alone (the migration's down sets it right again for an older release).
 * PostgreSQL keeps `cases.next_seq`: its row lock orders concurrent appends to one case, across processes.
 * The hot path computes it the same way inside its INSERT (messageStatements.ts).
 */
async function nextSeq(trx: Executor, caseId: string): Promise<number> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) {
    const { rows } = await sql<{ seq: number }>`SELECT coalesce(max(seq), 0) + 1 AS seq FROM messages WHERE case_id = ${caseId}`.execute(trx);
    return (rows[0] as { seq: number }).seq;
  }
  const reserved = await trx
    .updateTable('cases')
    .set((eb) => ({ next_seq: eb('next_seq', '+', 1) }))
    .where('id', '=', caseId)
    .returning('next_seq')
    .executeTakeFirstOrThrow();
  return reserved.next_seq - 1;
}

/**
 * Inserts one message inside the caller's transaction, taking the case's next sequence number. A row already stored
 * under the client id is answered as it is; whether it is a resend (the same author's) the callers tell (clientIds.ts).
 */
export async function insertMessage(trx: Executor, clock: Clock, input: NewMessage): Promise<InsertOutcome> {
  if (input.clientId !== null) {
    const existing = await findMessageByClientId(trx, input.chatId, input.clientId);
    if (existing) return { kind: 'stored', row: existing, created: false };
  }
  if (input.onlyWhileChatOpen) {
    const chat = await trx.selectFrom('chats').select('state').where('id', '=', input.chatId).executeTakeFirst();
    if (!chat || !OPEN_CHAT_STATES.includes(chat.state)) return { kind: 'chatClosed' };
  }
  // Taking the sequence number in the same transaction keeps it gap-free per case.
  const values: MessagesTable = { ...newMessageValues(input, clock), seq: await nextSeq(trx, input.caseId) };
  await trx.insertInto('messages').values(values).execute();
  return { kind: 'stored', row: values, created: true };
}

/** insertMessage in a transaction of its own. */
export async function insertMessageInOwnTransaction(db: Db, clock: Clock, input: NewMessage): Promise<InsertOutcome> {
  return db.transaction().execute((trx) => insertMessage(trx, clock, input));
}

/** When the case's latest message (by sequence) was stored, if it has one. */
export async function latestMessageCreatedAt(db: Executor, caseId: string): Promise<string | undefined> {
  const latest = await db.selectFrom('messages').select('created_at').where('case_id', '=', caseId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return latest?.created_at;
}

/** Every message of a case in transcript order, with file names for file messages. */
export async function listCaseMessages(db: Db, caseId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .leftJoin('files', 'files.id', 'messages.file_id')
    .selectAll('messages')
    .select('files.file_name as file_name')
    .where('messages.case_id', '=', caseId)
    .orderBy('messages.seq')
    .execute();
}
