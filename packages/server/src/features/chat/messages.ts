// Messages are committed before anyone sees them. A client id makes a resend
// after a lost acknowledgement idempotent: UNIQUE(chat_id, client_id) plus a re-read – a resend only of the
// same author's message (clientIds.ts).
import type { ChatMessage } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { isUniqueViolation } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import { chatError } from './chatErrors.js';
import { findMessageByClientId, insertMessageInOwnTransaction, type InsertOutcome } from './messageQueries.js';
import type { MessageRow, NewMessage } from './messageTypes.js';
import { resendOf } from './clientIds.js';

// The row builder and the open states live with the queries; the hot-path writers import them from here.
export { newMessageValues, OPEN_CHAT_STATES } from './messageQueries.js';

export type { MessageRow, NewMessage } from './messageTypes.js';

export const chatEnded = () => chatError('ChatEnded', 'Dieser Chat ist beendet.');

export function messageToWire(row: MessageRow): ChatMessage {
  return {
    Id: row.id,
    ChatId: row.chat_id,
    ClientId: row.client_id,
    Message: row.text,
    Type: row.type as ChatMessage['Type'],
    Author: row.author_id === null ? null : { Id: row.author_id, Name: row.author_name ?? '' },
    AuthorKind: row.author_kind,
    Created: row.created_at,
    FileId: row.file_id,
    FileName: row.file_name ?? null,
    // Every chat message has the bot fields on the wire; server-side messages never carry a bot step.
    NextResponseType: null,
    ResponsePropertyName: null,
    Delay: null,
    HighlightedMessage: false,
  };
}

/** The answer for an insert: [row, created], or the domain error of a chat that no longer takes messages. */
function storedOrEnded(input: NewMessage, outcome: InsertOutcome): [MessageRow, boolean] {
  if (outcome.kind === 'chatClosed') throw chatEnded();
  return [outcome.created ? outcome.row : resendOf(outcome.row, input), outcome.created];
}

/**
 * Stores a message (or returns the same author's one already stored under the same client id; another author's
 * refuses the call, clientIds.ts). Returns [row, created].
 */
export async function appendMessage(db: Db, clock: Clock, input: NewMessage): Promise<[MessageRow, boolean]> {
  if (input.clientId !== null) {
    const existing = await findMessageByClientId(db, input.chatId, input.clientId);
    if (existing) return [resendOf(existing, input), false];
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return storedOrEnded(input, await insertMessageInOwnTransaction(db, clock, input));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.clientId !== null) {
        const existing = await findMessageByClientId(db, input.chatId, input.clientId);
        if (existing) return [resendOf(existing, input), false];
      }
    }
  }
  throw new DomainError('Conflict', 'Die Nachricht konnte nicht gespeichert werden. Bitte senden Sie sie erneut.');
}
