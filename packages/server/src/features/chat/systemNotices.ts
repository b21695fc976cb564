// System notices that belong in the transcript: stored like chat messages (so a reload, the
// lawyer's view and the PDF protocol show them) and distributed to both sides.
import { MessageType } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { distributeMessage } from './broadcast.js';

/**
 * "Rechtsanwältin X hat den Chat betreten." once per chat: the fixed client id makes a repeated
 * AcceptChat (a retry after a lost answer) store and show it only once.
 */
export async function announceLawyerJoined(ctx: AppContext, caseId: string, chatId: string, lawyerName: string): Promise<void> {
  const [row, created] = await ctx.messages.append({
    caseId,
    chatId,
    clientId: 'lawyer-joined',
    type: MessageType.Information,
    text: `${lawyerName} ist dem Chat beigetreten.`,
    author: { kind: 'system', id: null, name: null },
  });
  if (created) await distributeMessage(ctx, row);
}

/**
 * Why the chat ended when the participant stopped answering (SPEC §9 CloseChatByTimeout): said to the
 * participant, who may come back to the screen much later, and kept in the transcript for a reload,
 * the lawyer's view and the PDF protocol.
 */
export const CLOSED_BY_TIMEOUT_TEXT =
  'Der Chat wurde automatisch beendet, weil längere Zeit keine Antwort kam. Der bisherige Verlauf bleibt hier erhalten. ' +
  'Haben Sie noch Fragen, können Sie während der Servicezeiten über Ihren Zugangslink einen neuen Chat beginnen.';

/** Stores the reason of a timeout closure as an information message, once per chat, and shows it on both sides. */
export async function announceClosedByTimeout(ctx: AppContext, caseId: string, chatId: string): Promise<void> {
  const [row, created] = await ctx.messages.append({
    caseId,
    chatId,
    clientId: 'closed-by-timeout',
    type: MessageType.Information,
    text: CLOSED_BY_TIMEOUT_TEXT,
    author: { kind: 'system', id: null, name: null },
  });
  if (created) await distributeMessage(ctx, row);
}
