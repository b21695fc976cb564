// Issue 27: a client waiting for a lawyer sees where their request stands. Every change of the queue (a chat starts,
// is taken, forwarded, closed, books a callback) tells each waiting case its place: 1 = next, counted over all waiting
// chats, oldest first, as the lawyers' queue lists them. Never on the message path; one query per queue change.
import type { AppContext } from '../../context.js';
import { sendNotification } from './broadcast.js';
import { listWaitingChatsInQueueOrder } from './chatQueries.js';

/** Sends QueuePosition to every waiting chat's case (or only to `onlyCaseId`, for a client that just joined). */
export async function sendQueuePositions(ctx: AppContext, onlyCaseId?: string): Promise<void> {
  const waiting = await listWaitingChatsInQueueOrder(ctx.db);
  await Promise.all(
    waiting.map((chat, index) =>
      onlyCaseId !== undefined && chat.case_id !== onlyCaseId
        ? Promise.resolve()
        : sendNotification(ctx, chat.case_id, { ChatId: chat.id, Type: 'QueuePosition', Data: { Position: index + 1 } }, 'participant'),
    ),
  );
}

/**
 * For the client whose StartChat or JoinLatestChat is being answered: its place right after the answer, because the
 * client knows its chat id only from that answer and would pass over a notification that came first.
 */
export function sendQueuePositionAfterAnswer(ctx: AppContext, caseId: string): void {
  setImmediate(() => {
    sendQueuePositions(ctx, caseId).catch((error: unknown) => ctx.logger.warn({ err: error, event: 'queue-position' }, 'queue position not sent'));
  });
}
