// The sweep: every process, every SWEEP_INTERVAL_MS, reads the open chats whose client is gone, asks the rules and
// closes what is due. The closing update re-checks the facts it decided on (state, no newer sighting, no newer
// message), so two processes sweeping at once, a client coming back or a lawyer writing meanwhile never lead to a
// second closure, a second notice or a wrong one. The lawyers of the accepted chats that stay open hear whose client
// is gone or back (clientAway.ts).
import type { AppContext } from '../../../context.js';
import { afterAbandoned, afterClosedByTimeout } from './closing.js';
import type { AwayChat, ClientAwayNotices } from './clientAway.js';
import { activeChatIdsAmong, closeChatIfStillDue, selectOpenChatsOfGoneClients, type OpenChatRow } from './lifecycleQueries.js';
import { decide, lastSeen, PRESENCE_STALE_MS, type ChatFacts } from './rules.js';

export interface SweepResult {
  readonly abandoned: number;
  readonly timedOut: number;
}

export function factsOf(row: OpenChatRow): ChatFacts {
  const unanswered = row.lawyerSeq !== null && row.lawyerAt !== null && (row.participantSeq === null || row.participantSeq < row.lawyerSeq);
  return {
    state: row.state,
    createdAt: new Date(row.createdAt),
    clientLastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt),
    unansweredLawyerMessageAt: unanswered && row.lawyerAt !== null ? new Date(row.lawyerAt) : null,
  };
}

/** One sweep at the app's `now`; with `clientAway`, the lawyers hear whose client is gone or back. */
export async function sweepChats(ctx: AppContext, clientAway?: ClientAwayNotices): Promise<SweepResult> {
  const now = ctx.clock.now();
  const candidates = await selectOpenChatsOfGoneClients(ctx.db, new Date(now.getTime() - PRESENCE_STALE_MS).toISOString());
  let abandoned = 0;
  let timedOut = 0;
  const away: AwayChat[] = [];
  const awayWaiting: string[] = [];
  for (const row of candidates) {
    const facts = factsOf(row);
    const decision = decide(facts, now);
    if (decision.kind === 'keep') {
      if (row.state === 'active') away.push({ chatId: row.chatId, caseId: row.caseId, awaySince: lastSeen(facts).toISOString() });
      else if (row.state === 'waiting') awayWaiting.push(row.chatId);
      continue;
    }
    const guard = {
      chatId: row.chatId,
      participantId: row.participantId,
      state: row.state,
      seenNoLaterThan: lastSeen(facts).toISOString(),
      noMessageAfterSeq: decision.kind === 'timeout' ? row.lawyerSeq : null,
    };
    const reason = decision.kind === 'abandon' ? 'abandoned' : 'timeout';
    if (!(await closeChatIfStillDue(ctx.db, guard, reason, now.toISOString()))) continue;
    ctx.logger.info({ event: 'chat.lifecycle.closed', chatId: row.chatId, reason }, 'chat closed by the server');
    ctx.metrics.chatsClosedByServer.inc({ reason });
    if (decision.kind === 'abandon') {
      abandoned++;
      await afterAbandoned(ctx, row.caseId, row.chatId);
    } else {
      timedOut++;
      await afterClosedByTimeout(ctx, row.caseId, row.chatId, false);
    }
  }
  await clientAway?.update(ctx, away, (chatIds) => activeChatIdsAmong(ctx.db, chatIds));
  await clientAway?.updateQueue(ctx, awayWaiting);
  return { abandoned, timedOut };
}
