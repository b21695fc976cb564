// A lawyer's console may go away while the lawyer holds chats – tab closed, crash, network gone, or an administrator
// ended their sessions – and the client, still connected, would wait forever (the client-gone rules never fire). An
// active chat whose lawyer has had no hub connection on any process for LAWYER_AWAY_MS (rules.ts; lawyer_presence,
// presence.ts) is handed on as a forward with no chosen colleague: the chat ends as forwarded, its successor waits in
// every lawyer's queue, the client follows it (Forwarded with NewChatId) and reads why, the lawyer's console shows the
// chat as forwarded when it comes back, and every queue hears of it – as a chat that came back because its lawyer was
// away (ReturnedFrom, not ForwardedBy), waiting since the lawyer's last answer (chats.waiting_since). The absence counts
// from the later of the lawyer's last sighting, the chat's acceptance (or hand-over) and the lawyer's newest message,
// and a process releases nothing in its first LAWYER_AWAY_MS, so a server restart or a short network blip releases
// nothing. The release is a conditional update, and its notice has a client id of its own, so two processes releasing
// at once change and say it once.
import type { AppContext } from '../../../context.js';
import { storeSystemNotice } from '../systemNotices.js';
import { distributeMessage, queueChanged, sendNotification } from '../broadcast.js';
import { newChatRow } from '../chats.js';
import { releaseChatOfAwayLawyer, selectChatsOfAwayLawyers } from './lifecycleQueries.js';
import { LAWYER_AWAY_MS } from './rules.js';

/** What the client reads when its lawyer is away: the console has been gone for LAWYER_AWAY_MS, so „nicht erreichbar“ is true. */
export function lawyerAwayText(lawyerName: string): string {
  return `${lawyerName} ist gerade nicht erreichbar. Ihr Chat geht deshalb an die nächste freie Anwältin oder den nächsten freien Anwalt.`;
}

/**
 * Hands every active chat whose lawyer has been away at least LAWYER_AWAY_MS on to all lawyers; answers how many. A
 * process that started less than LAWYER_AWAY_MS ago (`startedAt`) releases nothing: after a downtime, or the first
 * start with this rule, the sightings are old and the consoles may still be reconnecting.
 */
export async function releaseChatsOfAwayLawyers(ctx: AppContext, startedAt: Date): Promise<number> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  if (now.getTime() - startedAt.getTime() < LAWYER_AWAY_MS) return 0;
  const awaySince = new Date(now.getTime() - LAWYER_AWAY_MS).toISOString();
  const chats = await selectChatsOfAwayLawyers(ctx.db, awaySince);
  let released = 0;
  for (const chat of chats) {
    // The successor begins now (the rules for waiting chats count from then), but the client has been without an
    // answering lawyer since the lawyer's last word: the queue shows and orders it by that (waiting_since).
    const next = newChatRow(chat.caseId, at, { previous_chat_id: chat.chatId, waiting_since: chat.unansweredSince });
    if (!(await releaseChatOfAwayLawyer(ctx.db, chat.chatId, chat.lawyerId, awaySince, next, at))) continue;
    released++;
    ctx.logger.info(
      { event: 'chat.lifecycle.lawyer_away_released', chatId: chat.chatId, newChatId: next.id },
      'chat of an away lawyer offered to every lawyer',
    );
    const [row, created] = await storeSystemNotice(ctx, chat.caseId, next.id, `lawyer-away-${chat.chatId}`, lawyerAwayText(chat.lawyerName));
    if (!ctx.hub) continue;
    // As after a lawyer's forward: the client moves to the new chat, the lawyer's consoles (if any come back) end the tab.
    await sendNotification(ctx, chat.caseId, { ChatId: chat.chatId, Type: 'Forwarded', Data: { NewChatId: next.id } }, 'both');
    if (created) await distributeMessage(ctx, row);
  }
  if (released > 0 && ctx.hub) await queueChanged(ctx);
  return released;
}
