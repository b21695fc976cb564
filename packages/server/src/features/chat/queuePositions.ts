// A client waiting for a lawyer sees where their request stands. Every change of the queue (a chat starts,
// is taken, forwarded, closed, books a callback) tells each waiting case its place in the queue that holds it, as the
// lawyers see it (features/lawyer/queueQueries.ts: forwarded to the lawyer first, then open to everyone, each oldest
// first): a request open to everyone counts the requests open to everyone ahead of it; one forwarded to a lawyer counts
// what that lawyer's queue lists ahead of it – only the older requests forwarded to the same lawyer, which that queue
// lists before those open to everyone. 1 = next. Never on the message path; one query per change.
// With it goes the expected wait when there is enough to say it: the median wait of the last chats lawyers took – not
// for a request forwarded to one lawyer, which waits for that person alone (up to five minutes, then for everyone).
import type { AppContext } from '../../context.js';
import { sendNotification } from './broadcast.js';
import { listRecentlyTakenChats, listWaitingChatsInQueueOrder } from './chatQueries.js';

/** The expected wait is the median of the last WAIT_SAMPLES waits of the last day; below MIN_WAIT_SAMPLES it is not said. */
const WAIT_SAMPLES = 20;
const MIN_WAIT_SAMPLES = 5;
const RECENT_MS = 24 * 60 * 60 * 1000;

/** The median wait in whole minutes (at least 1) of the chats taken lately, or null when too few were taken. */
async function expectedWaitMinutes(ctx: AppContext): Promise<number | null> {
  const since = new Date(ctx.clock.now().getTime() - RECENT_MS).toISOString();
  // Newest first over chats(accepted_at) (migration 0022): a short index range however many chats were ever held.
  const taken = await listRecentlyTakenChats(ctx.db, since, WAIT_SAMPLES);
  if (taken.length < MIN_WAIT_SAMPLES) return null;
  const waits = taken.map((chat) => Date.parse(chat.accepted_at ?? chat.created_at) - Date.parse(chat.created_at)).sort((a, b) => a - b);
  const middle = Math.floor(waits.length / 2);
  const median = waits.length % 2 === 1 ? (waits[middle] ?? 0) : ((waits[middle - 1] ?? 0) + (waits[middle] ?? 0)) / 2;
  return Math.max(1, Math.round(median / 60_000));
}

interface WaitingChat {
  readonly id: string;
  readonly case_id: string;
  readonly requested_lawyer_id: string | null;
}

/**
 * Each waiting chat's place (1 = next) in its queue; `waiting` is oldest first. A forwarded request comes before every
 * request open to everyone in its lawyer's queue, so only those forwarded to the same lawyer count for it.
 */
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
      positions.set(chat.id, forwarded);
    }
  }
  return positions;
}

/** Sends QueuePosition to every waiting chat's case (or only to `onlyCaseId`, for a client that just joined). */
export async function sendQueuePositions(ctx: AppContext, onlyCaseId?: string): Promise<void> {
  const waiting = await listWaitingChatsInQueueOrder(ctx.db);
  const positions = queuePositionsOf(waiting);
  const told = waiting.filter((chat) => onlyCaseId === undefined || chat.case_id === onlyCaseId);
  const minutes = told.length === 0 ? null : await expectedWaitMinutes(ctx);
  await Promise.all(
    told.map((chat) => {
      const Data = { Position: positions.get(chat.id) ?? 1, ...(minutes === null || chat.requested_lawyer_id !== null ? {} : { WaitMinutes: minutes }) };
      return sendNotification(ctx, chat.case_id, { ChatId: chat.id, Type: 'QueuePosition', Data }, 'participant');
    }),
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
