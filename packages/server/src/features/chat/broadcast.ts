// Who hears what: participant connections join `case:<caseId>`, the assigned lawyer's
// connections join `case:<caseId>/chat:<chatId>`, every lawyer connection joins `lawyers`.
// A message or notification goes only to the groups of its own chat and case.
import type { Notification } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { hubOf } from '../../context.js';
import { messageToWire, type MessageRow } from './messages.js';
import { RawJson } from '../../hub/hubProtocol.js';
import { sendQueuePositions } from './queuePositions.js';

export const caseGroup = (caseId: string) => `case:${caseId}`;
/** Inside its case's scope (hub/messageRouter.ts): a chat message for the client's and the lawyer's side is one backplane publish. */
export const chatGroup = (caseId: string, chatId: string) => `${caseGroup(caseId)}/chat:${chatId}`;
export const LAWYERS_GROUP = 'lawyers';

/**
 * Sends a stored message to both sides. One serialisation for both: the same bytes go to every
 * socket of both groups; a caller that also answers with the message passes the same `wire`, and
 * its own connection as `sender`: that connection has the message in its completion and is left
 * out (its other tabs and devices still get it), so a phone does not receive its own message twice.
 */
export async function distributeMessage(ctx: AppContext, row: MessageRow, wire: RawJson = RawJson.of(messageToWire(row)), sender?: string): Promise<void> {
  await hubOf(ctx).sendToGroups([caseGroup(row.case_id), chatGroup(row.case_id, row.chat_id)], 'DistributeMessage', [wire], sender);
}

/** Sends a stored message to the lawyer's side of its chat only (a notice written for the lawyer, see systemNotices.ts). */
export async function distributeToLawyer(ctx: AppContext, row: MessageRow): Promise<void> {
  await hubOf(ctx).sendToGroups([chatGroup(row.case_id, row.chat_id)], 'DistributeMessage', [RawJson.of(messageToWire(row))]);
}

/** Sends a notification to the participant side, the lawyer side, or both. */
export async function sendNotification(ctx: AppContext, caseId: string, notification: Notification, to: 'participant' | 'lawyer' | 'both'): Promise<void> {
  const hub = hubOf(ctx);
  // Every notification carries ChatId, Type and Data: Data is null when there is nothing to carry.
  const complete: Notification = { ChatId: notification.ChatId, Type: notification.Type, Data: notification.Data ?? null };
  const groups: string[] = [];
  if (to !== 'lawyer') groups.push(caseGroup(caseId));
  if (to !== 'participant') groups.push(chatGroup(caseId, notification.ChatId));
  await hub.sendToGroups(groups, 'SendNotification', [complete]);
}

/** Lawyers re-read the queue on this signal (it carries no case data); waiting clients hear their new place. */
export async function queueChanged(ctx: AppContext): Promise<void> {
  await lawyersQueueChanged(ctx);
  await sendQueuePositions(ctx);
}

/** Only the lawyers re-read the queue: something its entries show changed, not the order (no new places to tell). */
export async function lawyersQueueChanged(ctx: AppContext): Promise<void> {
  await hubOf(ctx).sendToGroup(LAWYERS_GROUP, 'QueueChanged', []);
}
