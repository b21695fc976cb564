// Which case a chat belongs to, and whose case it is, never changes for the life of a chat.
// Hub calls of live connections (a message a second per chat) therefore check ownership from
// memory after the first lookup; whether the chat still takes messages is checked where it
// matters, in the transaction that stores the message (NewMessage.onlyWhileChatOpen).
import type { Db } from '../../platform/storage/database.js';
import { chatOfParticipant } from './chatAccess.js';
import { notFound } from '../../platform/errors.js';

export interface ChatOwnership {
  readonly caseId: string;
  readonly participantId: string;
}

/** Bounds the memory: a busy process forgets the oldest entries and looks them up again. */
const MAX_REMEMBERED = 50_000;

export function participantChats(db: Db): (participantId: string, chatId: string) => Promise<ChatOwnership> {
  const known = new Map<string, ChatOwnership>();
  return async (participantId, chatId) => {
    let owner = known.get(chatId);
    if (owner === undefined) {
      // Unknown or somebody else's chat: NotFound, exactly as before (no probing of ids).
      const { chat, case: theCase } = await chatOfParticipant(db, participantId, chatId);
      owner = { caseId: chat.case_id, participantId: theCase.participant_id };
      if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value as string);
      known.set(chatId, owner);
    }
    if (owner.participantId !== participantId) throw notFound('Der Chat');
    return owner;
  };
}
