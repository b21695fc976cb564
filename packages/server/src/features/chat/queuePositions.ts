// Issue 27: a client waiting for a lawyer sees where their request stands. Every change of the queue (a chat starts,
// is taken, forwarded, closed, books a callback) tells each waiting case its place in the queue that holds it, as the
// lawyers see it (features/lawyer/queueQueries.ts, oldest first): a request open to everyone counts the requests open
// to everyone ahead of it; one forwarded to a lawyer counts what that lawyer's queue lists ahead of it (the requests
// open to everyone and those forwarded to the same lawyer). 1 = next. Never on the message path; one query per change.
import type { AppContext } from '../../context.js';
import { sendNotification } from './broadcast.js';
import { listWaitingChatsInQueueOrder } from './chatQueries.js';

interface WaitingChat {
  readonly id: string;
  readonly case_id: string;
  readonly requested_lawyer_id: string | null;
}

/** Each waiting chat's place (1 = next) in its queue; `waiting` is oldest first. */
function queuePositionsOf(waiting: readonly WaitingChat[]): Map<string, number> {
  const positions = new Map<string, number>();
  let open = 0;
  const forwardedTo = new Map<string, number>();
  for (const chat of waiting) {
    const lawyer = chat.requested_lawyer_id;
    if (lawyer === null) {
      open += 1;
      positions.set(chat.id, open);
    } else {
      const forwarded = (forwardedTo.get(lawyer) ?? 0) + 1;
      forwardedTo.set(lawyer, forwarded);
      positions.set(chat.id, open + forwarded);
    }
  }
  return positions;
}

/** Sends QueuePosition to every waiting chat's case (or only to `onlyCaseId`, for a client that just joined). */
export async function sendQueuePositions(ctx: AppContext, onlyCaseId?: string): Promise<void> {
  const waiting = await listWaitingChatsInQueueOrder(ctx.db);
  const positions = queuePositionsOf(waiting);
  await Promise.all(
    waiting
      .filter((chat) => onlyCaseId === undefined || chat.case_id === onlyCaseId)
      .map((chat) =>
        sendNotification(ctx, chat.case_id, { ChatId: chat.id, Type: 'QueuePosition', Data: { Position: positions.get(chat.id) ?? 1 } }, 'participant'),
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
