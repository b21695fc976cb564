// A forwarded chat waits for its chosen colleague only FORWARD_HOLD_MS (rules.ts): the colleague may not be signed in
// at all, and the forwarding lawyer cannot see that. After that the chat is offered to every lawyer, the client reads
// why, and every queue and waiting client hears of it. The release is a conditional update, and its notice has a
// client id of its own, so two processes releasing at once change and say it once.
import type { AppContext } from '../../../context.js';
import { storeSystemNotice } from '../systemNotices.js';
import { distributeMessage, queueChanged } from '../broadcast.js';
import { releaseForwardIfStillHeld, selectHeldForwardsBefore } from './lifecycleQueries.js';
import { FORWARD_HOLD_MS } from './rules.js';

/**
 * What the client reads when the colleague did not take the forwarded chat in time. Not „nicht erreichbar“: the
 * colleague may well have been signed in and busy (found from outside, 2026-12-06); the client learns only what
 * happened and what happens next.
 */
export function forwardReleasedText(lawyerName: string): string {
  return `${lawyerName} konnte Ihren Chat nicht rechtzeitig übernehmen. Ihr Chat geht deshalb an die nächste freie Anwältin oder den nächsten freien Anwalt.`;
}

/** Offers every chat forwarded at least FORWARD_HOLD_MS ago and still not taken to all lawyers; answers how many. */
export async function releaseExpiredForwards(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const held = await selectHeldForwardsBefore(ctx.db, new Date(now.getTime() - FORWARD_HOLD_MS).toISOString());
  let released = 0;
  for (const chat of held) {
    if (!(await releaseForwardIfStillHeld(ctx.db, chat.chatId, chat.lawyerId))) continue;
    released++;
    ctx.logger.info({ event: 'chat.lifecycle.forward_released', chatId: chat.chatId }, 'forwarded chat offered to every lawyer');
    const [row, created] = await storeSystemNotice(ctx, chat.caseId, chat.chatId, `forward-released-${chat.chatId}`, forwardReleasedText(chat.lawyerName));
    if (created && ctx.hub) await distributeMessage(ctx, row);
  }
  if (released > 0 && ctx.hub) await queueChanged(ctx);
  return released;
}
