// How many messages the client may write into one chat (MAX_CLIENT_MESSAGES_PER_CHAT). Without a limit one signed-in
// person stored some 190 messages a second in their own waiting chat – ten hub connections just under the hub's 20
// invocations a second each – which the lawyer who accepts it, the transcript PDF and the protocol mail then load.
// Counted in memory per process, not inside the message's INSERT: the message path stays one statement (messageStatements.ts,
// pgMessageAppend.ts). Each process reads a chat's count from the database once and then counts what it stores, so with
// several processes a client spreading its connections over them gets at most the limit on each.
import type { Db } from '../../platform/storage/database.js';
import { countClientMessagesOfChat } from './messageQueries.js';

/** Bounds the memory like participantChats.ts: the oldest chats are forgotten and read again when they write. */
const MAX_REMEMBERED = 50_000;

export interface ClientMessageQuota {
  /** Takes one of the chat's places for a message; false when the chat holds the limit already. */
  reserve(chatId: string): Promise<boolean>;
  /** Gives a place back: the message was not stored (a resend of a stored one, a chat that ended meanwhile, an error). */
  release(chatId: string): void;
}

export function clientMessageQuota(db: Db, max: number): ClientMessageQuota {
  const counts = new Map<string, number>();
  const reading = new Map<string, Promise<number>>();
  const countOf = async (chatId: string): Promise<void> => {
    if (counts.has(chatId)) return;
    let pending = reading.get(chatId);
    if (pending === undefined) {
      pending = countClientMessagesOfChat(db, chatId).finally(() => reading.delete(chatId));
      reading.set(chatId, pending);
    }
    const stored = await pending;
    if (counts.has(chatId)) return;
    if (counts.size >= MAX_REMEMBERED) counts.delete(counts.keys().next().value as string);
    counts.set(chatId, stored);
  };
  return {
    async reserve(chatId) {
      await countOf(chatId);
      // No await between the check and the count: parallel calls of one process cannot both take the last place.
      const taken = counts.get(chatId) ?? 0;
      if (taken >= max) return false;
      counts.set(chatId, taken + 1);
      return true;
    },
    release(chatId) {
      const taken = counts.get(chatId);
      if (taken !== undefined && taken > 0) counts.set(chatId, taken - 1);
    },
  };
}
