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
