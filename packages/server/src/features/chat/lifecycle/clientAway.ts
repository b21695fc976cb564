// Tells the lawyer of an accepted chat when its client has gone – no hub connection on any process for
// PRESENCE_STALE_MS (rules.ts) – and when the client is connected again. Without it a lawyer whose client closed the
// phone before the first answer writes into an empty room and waits: the server's inactivity count only starts with
// an unanswered lawyer message, so such a chat stays open until the lawyer ends it.
//
// Each sweep hands over the accepted chats whose client is gone right now. Every process announces the changes it
// sees itself (what it announced is kept in memory), so with several processes the lawyer may hear a change more than
// once – the notices carry a state, not an event, and the console shows the latest. A console that loads its chats
// anew reads the same state from the chat list (ClientAwaySince).
import type { AppContext } from '../../../context.js';
import { lawyersQueueChanged, sendNotification } from '../broadcast.js';

export interface AwayChat {
  readonly chatId: string;
  readonly caseId: string;
  /** When the client was last connected (ISO). */
  readonly awaySince: string;
}

export interface ClientAwayNotices {
  /**
   * Announces what changed since the last call: chats whose client left (or left again), and chats whose client is
   * back – among those no longer away, the ones `stillActive` answers (the others ended meanwhile: their tab says how).
   */
  update(ctx: AppContext, awayNow: readonly AwayChat[], stillActive: (chatIds: readonly string[]) => Promise<ReadonlySet<string>>): Promise<void>;
  /**
   * The waiting chats whose client is gone right now: when that set changed since the last call, every console re-reads
   * the queue (QueueChanged), whose entries say whose client has gone (ClientAwaySince) – so no lawyer takes a request
   * whose client closed the browser without seeing it. A client who comes back, or a request that ends, leaves the set.
   */
  updateQueue(ctx: AppContext, awayWaitingChatIds: readonly string[]): Promise<void>;
}

export function createClientAwayNotices(): ClientAwayNotices {
  const announced = new Map<string, AwayChat>();
  let awayWaiting = new Set<string>();
  return {
    async updateQueue(ctx, awayWaitingChatIds) {
      const now = new Set(awayWaitingChatIds);
      const changed = now.size !== awayWaiting.size || [...now].some((chatId) => !awayWaiting.has(chatId));
      awayWaiting = now;
      if (changed) await lawyersQueueChanged(ctx);
    },
    async update(ctx, awayNow, stillActive) {
      const awayIds = new Set(awayNow.map((chat) => chat.chatId));
      const gone = [...announced.values()].filter((chat) => !awayIds.has(chat.chatId));
      for (const chat of gone) announced.delete(chat.chatId);
      const back = gone.length === 0 ? new Set<string>() : await stillActive(gone.map((chat) => chat.chatId));
      for (const chat of gone) {
        if (back.has(chat.chatId)) await sendNotification(ctx, chat.caseId, { ChatId: chat.chatId, Type: 'ClientBack' }, 'lawyer');
      }
      for (const chat of awayNow) {
        if (announced.get(chat.chatId)?.awaySince === chat.awaySince) continue;
        announced.set(chat.chatId, chat);
        await sendNotification(ctx, chat.caseId, { ChatId: chat.chatId, Type: 'ClientAway', Data: { AwaySince: chat.awaySince } }, 'lawyer');
      }
    },
  };
}
