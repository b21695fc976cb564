// What follows a closure by the lifecycle, said once by whoever closed the chat (the conditional update decided who):
// the reason in the transcript first, then the closure, then the queue signal and the protocol mail.
import type { AppContext } from '../../../context.js';
import { queueChanged, sendNotification } from '../broadcast.js';
import { mailProtocolAfterClose } from '../protocolRequest.js';
import { announceAbandoned, announceClosedByTimeout } from '../systemNotices.js';
import { caseHasCallback } from './lifecycleQueries.js';

/**
 * A chat closed by inactivity – by the client's own timer (CloseChatByTimeout) or by the server's sweep when the
 * client is gone: the same notice, the same Closed {Reason: 'Timeout'} to both sides, the same protocol mail.
 */
export async function afterClosedByTimeout(ctx: AppContext, caseId: string, chatId: string, wasWaiting: boolean): Promise<void> {
  await announceClosedByTimeout(ctx, caseId, chatId);
  await sendNotification(ctx, caseId, { ChatId: chatId, Type: 'Closed', Data: { Reason: 'Timeout' } }, 'both');
  if (wasWaiting) await queueChanged(ctx);
  void mailProtocolAfterClose(ctx, caseId);
}

/**
 * A waiting chat whose client left: the notice for the client's return, Closed to any tab of theirs (without a reason,
 * the wire knows only 'Timeout'), and the queue signal, so it leaves every lawyer's queue at once. A forwarded chat
 * had a consultation before: its protocol goes out as after any other end.
 */
export async function afterAbandoned(ctx: AppContext, caseId: string, chatId: string): Promise<void> {
  // A callback asked for while waiting stays on the firm's callback list; the notice says so.
  await announceAbandoned(ctx, caseId, chatId, await caseHasCallback(ctx.db, caseId));
  await sendNotification(ctx, caseId, { ChatId: chatId, Type: 'Closed' }, 'participant');
  await queueChanged(ctx);
  void mailProtocolAfterClose(ctx, caseId);
}
