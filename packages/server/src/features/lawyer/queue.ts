// The lawyer queue: waiting chats open to everyone, plus chats forwarded to this lawyer.
import type { ActiveChatEntry, QueueEntry } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { countWaitingChats, selectActiveChatsOf, selectWaitingChatsFor, type ChatWithCaseRow } from './queueQueries.js';

/** What every list entry of a chat says about it and its case. */
function chatSummary(r: ChatWithCaseRow) {
  return {
    ChatId: r.chatId,
    CaseId: r.caseId,
    Description: r.description,
    FieldOfLaw: r.field_of_law,
    FieldOfLawLongName: r.field_of_law_long_name,
    WaitingSince: r.created_at,
  };
}

export async function queueFor(db: Db, lawyerId: string): Promise<QueueEntry[]> {
  const rows = await selectWaitingChatsFor(db, lawyerId);
  return rows.map((r) => ({
    ...chatSummary(r),
    AssignedLawyerId: r.requested_lawyer_id,
    CallbackRequested: Boolean(Number(r.callbackRequested)),
  }));
}

/** The chats this lawyer holds right now, oldest first: a reload or a second device restores them all. */
export async function activeChatsOf(db: Db, lawyerId: string): Promise<ActiveChatEntry[]> {
  const rows = await selectActiveChatsOf(db, lawyerId);
  return rows.map((r) => ({
    ...chatSummary(r),
    Email: r.email,
    VerifiedEmail: Number(r.verified_email) === 1,
    AcceptedAt: r.accepted_at ?? r.created_at,
  }));
}

/** Waiting chats in total (the queue-length gauge). */
export function queueLength(db: Db): Promise<number> {
  return countWaitingChats(db);
}
