// Messages are committed before anyone sees them (DESIGN §6). A client id makes a resend
// after a lost acknowledgement idempotent: UNIQUE(chat_id, client_id) plus a re-read.
import type { ChatMessage } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import type { MessagesTable } from '../../platform/storage/chatSchema.js';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';

export type MessageRow = MessagesTable & { file_name?: string | null };

export interface NewMessage {
  readonly caseId: string;
  readonly chatId: string;
  readonly clientId: string | null;
  readonly type: number;
  readonly text: string;
  readonly author: { readonly kind: MessagesTable['author_kind']; readonly id: string | null; readonly name: string | null };
  readonly fileId?: string | null;
  /**
   * Store the message only while its chat is waiting or active, checked in the transaction that
   * stores it (so a chat closed in the meantime, on any process, cannot take new messages).
   * A resend of an already stored client id is answered with the stored message regardless.
   */
  readonly onlyWhileChatOpen?: boolean;
}

/** The chat states that accept messages under `onlyWhileChatOpen`. */
export const OPEN_CHAT_STATES: readonly string[] = ['waiting', 'active'];
export const chatEnded = () => new DomainError('Conflict', 'Dieser Chat ist beendet.');

export function messageToWire(row: MessageRow): ChatMessage {
  return {
    Id: row.id,
    ChatId: row.chat_id,
    ClientId: row.client_id,
    Message: row.text,
    Type: row.type as ChatMessage['Type'],
    Author: row.author_id === null ? null : { Id: row.author_id, Name: row.author_name ?? '' },
    Created: row.created_at,
    FileId: row.file_id,
    FileName: row.file_name ?? null,
    // SPEC §3 lists the bot fields on every chat message; server-side messages never carry a bot step.
    NextResponseType: null,
    ResponsePropertyName: null,
    Delay: null,
    HighlightedMessage: false,
  };
}

async function findByClientId(db: Db, chatId: string, clientId: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).where('client_id', '=', clientId).executeTakeFirst();
}

type Executor = Pick<Db, 'selectFrom' | 'updateTable' | 'insertInto'>;

/** Inserts one message inside the caller's transaction, reserving the case's next sequence number. */
/** The stored row of a new message, all but its per-case sequence number (reserved by each writer its own way). */
export function newMessageValues(input: NewMessage, clock: Clock): Omit<MessagesTable, 'seq'> {
  return {
    id: newId(),
    case_id: input.caseId,
    chat_id: input.chatId,
    client_id: input.clientId,
    type: input.type,
    text: input.text,
    author_kind: input.author.kind,
    author_id: input.author.id,
    author_name: input.author.name,
    file_id: input.fileId ?? null,
    created_at: clock.now().toISOString(),
  };
}

export async function insertMessage(trx: Executor, clock: Clock, input: NewMessage): Promise<[MessageRow, boolean]> {
  if (input.clientId !== null) {
    const existing = await trx.selectFrom('messages').selectAll().where('chat_id', '=', input.chatId).where('client_id', '=', input.clientId).executeTakeFirst();
    if (existing) return [existing, false];
  }
  if (input.onlyWhileChatOpen) {
    const chat = await trx.selectFrom('chats').select('state').where('id', '=', input.chatId).executeTakeFirst();
    if (!chat || !OPEN_CHAT_STATES.includes(chat.state)) throw chatEnded();
  }
  // Reserving the sequence number in the same transaction keeps it gap-free per case.
  const reserved = await trx
    .updateTable('cases')
    .set((eb) => ({ next_seq: eb('next_seq', '+', 1) }))
    .where('id', '=', input.caseId)
    .returning('next_seq')
    .executeTakeFirstOrThrow();
  const values: MessagesTable = { ...newMessageValues(input, clock), seq: reserved.next_seq - 1 };
  await trx.insertInto('messages').values(values).execute();
  return [values, true];
}

/** Stores a message (or returns the one already stored under the same client id). Returns [row, created]. */
export async function appendMessage(db: Db, clock: Clock, input: NewMessage): Promise<[MessageRow, boolean]> {
  if (input.clientId !== null) {
    const existing = await findByClientId(db, input.chatId, input.clientId);
    if (existing) return [existing, false];
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await db.transaction().execute((trx) => insertMessage(trx, clock, input));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.clientId !== null) {
        const existing = await findByClientId(db, input.chatId, input.clientId);
        if (existing) return [existing, false];
      }
    }
  }
  throw new DomainError('Conflict', 'Die Nachricht konnte nicht gespeichert werden. Bitte senden Sie sie erneut.');
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
