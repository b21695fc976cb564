// The lawyer queue: waiting chats open to everyone, plus chats forwarded to this lawyer.
import type { ActiveChatEntry, ChatCaseFile, FinishedChatEntry, QueueEntry } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { caseFilesOfChatCases } from '../casefile/index.js';
import { casesWithAddressConfirmedByMail, chatsReadableByLawyer, clientAwaySince } from '../chat/index.js';
import {
  countWaitingChats,
  selectActiveChatsOf,
  selectFinishedChatsOf,
  selectLatestReactivation,
  selectWaitingChatsFor,
  type ChatWithCaseRow,
} from './queueQueries.js';

/** What every list entry of a chat says about it and its case. */
function chatSummary(r: ChatWithCaseRow) {
  return {
    ChatId: r.chatId,
    CaseId: r.caseId,
    Description: r.description,
    FieldOfLaw: r.field_of_law,
    FieldOfLawLongName: r.field_of_law_long_name,
    // A chat handed back because its lawyer was away waits since that lawyer's last word to the client, not since now.
    WaitingSince: r.waiting_since ?? r.created_at,
    // Coverage questions depend on it; null for a client of the single-insurer default (nothing to tell apart).
    InsurerName: r.insurer_name ?? null,
  };
}

/**
 * The queue as `lawyerId` sees it at `now`, with whose client has gone (ClientAwaySince): a waiting client who closed
 * the browser stays in the queue until the sweep drops the request, and a lawyer should see that before taking it. A
 * chat handed back because its lawyer was away names that lawyer as ReturnedFrom, not as ForwardedBy: nobody forwarded it.
 * A forwarded chat the colleague did not take within the hold names that colleague as ReleasedFrom (id: ReleasedFromLawyerId).
 */
export async function queueFor(db: Db, lawyerId: string, now: Date): Promise<QueueEntry[]> {
  const rows = await selectWaitingChatsFor(db, lawyerId);
  return rows.map((r) => {
    // The chat before it ended as forwarded either way; one handed back because its lawyer was away has `waiting_since`.
    const returned = r.waiting_since !== null;
    return {
      ...chatSummary(r),
      AssignedLawyerId: r.requested_lawyer_id,
      ForwardedBy: returned ? null : (r.forwarded_by ?? null),
      ...(returned ? { ReturnedFrom: r.forwarded_by ?? null } : {}),
      // Handed over from a deactivated colleague while it waited for them (migration 0048); only while it still waits for this lawyer.
      ...(r.handed_over_from && r.requested_lawyer_id !== null ? { HandedOverFrom: r.handed_over_from } : {}),
      // Forwarded to a colleague who did not take it within the hold, now open to everyone (migration 0049).
      // With the colleague's id: their own console addresses them („Von Ihnen nicht angenommen“), not by their name.
      ...(r.released_from !== null && r.released_from_id !== null && r.requested_lawyer_id === null
        ? { ReleasedFrom: r.released_from, ReleasedFromLawyerId: r.released_from_id }
        : {}),
      CallbackRequested: Boolean(Number(r.callbackRequested)),
      ClientAwaySince: clientAwaySince(r.last_seen_at ?? null, r.created_at, now),
    };
  });
}

/** A case `lawyerId` handed on: when, and its field of law as it was then (none stored for a forward before migration 0037). */
interface HandedOn {
  readonly at: string;
  readonly fieldOfLaw: { readonly id: number; readonly longName: string } | undefined;
}

/** Of these rows' cases, those the lawyer handed on (by case id). */
async function handedOnCases(db: Db, lawyerId: string, rows: readonly ChatWithCaseRow[]): Promise<Map<string, HandedOn>> {
  const handedOn = new Map<string, HandedOn>();
  for (const caseId of new Set(rows.map((r) => r.caseId))) {
    const { forwardedAt, fieldOfLawAtForward } = await chatsReadableByLawyer(db, caseId, lawyerId);
    if (forwardedAt !== undefined) handedOn.set(caseId, { at: forwardedAt, fieldOfLaw: fieldOfLawAtForward });
  }
  return handedOn;
}

/**
 * The case files created from each of these chats' cases, as `lawyerId` sees them beside the chat: a chat names the
 * files made from it after a reload and on a second device, so nobody makes a second one unawares – also a colleague's
 * (the lawyer who held the chat before forwarding it), which this lawyer cannot open (`Own` false). The lawyer who
 * forwarded the chat sees only the files made up to the forward (`handedOn`), not those the colleague makes afterwards.
 */
async function caseFilesByChatCase(
  db: Db,
  lawyerId: string,
  rows: readonly ChatWithCaseRow[],
  handedOn: ReadonlyMap<string, HandedOn>,
): Promise<Map<string, ChatCaseFile[]>> {
  const caseIds = [...new Set(rows.map((r) => r.caseId))];
  const byCase = new Map<string, ChatCaseFile[]>();
  for (const file of await caseFilesOfChatCases(db, caseIds)) {
    const until = handedOn.get(file.chatCaseId)?.at;
    if (until !== undefined && file.createdAt > until) continue;
    const shown = { CaseId: file.id, CaseNumber: file.caseNumber, Own: file.lawyerId === lawyerId, LawyerName: file.lawyerName };
    byCase.set(file.chatCaseId, [...(byCase.get(file.chatCaseId) ?? []), shown]);
  }
  return byCase;
}

/** The chats whose address the client confirmed by the protocol mail's link (double opt-in), not only by retyping it. */
function confirmedByMail(db: Db, rows: readonly { caseId: string; participant_id: string; email: string | null }[]): Promise<Set<string>> {
  return casesWithAddressConfirmedByMail(
    db,
    rows.map((r) => ({ caseId: r.caseId, participantId: r.participant_id, email: r.email })),
  );
}

/**
 * The chats this lawyer holds right now, oldest first: a reload or a second device restores them all, and learns
 * whose client has gone at `now` (ClientAwaySince, as the sweep's ClientAway notice says).
 */
export async function activeChatsOf(db: Db, lawyerId: string, now: Date): Promise<ActiveChatEntry[]> {
  const rows = await selectActiveChatsOf(db, lawyerId);
  const caseFiles = await caseFilesByChatCase(db, lawyerId, rows, await handedOnCases(db, lawyerId, rows));
  const byMail = await confirmedByMail(db, rows);
  return rows.map((r) => ({
    ...chatSummary(r),
    Email: r.email,
    VerifiedEmail: Number(r.verified_email) === 1,
    EmailVerifiedByMail: byMail.has(r.caseId),
    AcceptedAt: r.accepted_at ?? r.created_at,
    ClientAwaySince: clientAwaySince(r.last_seen_at ?? null, r.created_at, now),
    CaseFiles: caseFiles.get(r.caseId) ?? [],
  }));
}

/**
 * How far back the console brings finished chats back after a reload: a working day. A lawyer who looks up what was
 * said an hour ago, copies the case reference or writes the follow-up finds the chat again; the next morning starts
 * with an empty chat row. At most FINISHED_CHATS_LIMIT, the newest ends.
 */
const FINISHED_CHATS_WINDOW_MS = 12 * 60 * 60 * 1000;
const FINISHED_CHATS_LIMIT = 20;

/** How the chat ended, in the console's words (its tabs say the same before a reload). */
function endOf(reason: string | null): FinishedChatEntry['Ended'] {
  switch (reason) {
    case 'lawyerRequestPhone':
      return 'closedPhone';
    case 'timeout':
      return 'timedOut';
    case 'forwarded':
      return 'forwarded';
    default:
      return 'closed';
  }
}

/**
 * The chats this lawyer held that ended within the last FINISHED_CHATS_WINDOW_MS before `now`, by acceptance time – and
 * not before the account's latest reactivation: the work before a deactivation was moved or ended by it, and a
 * reactivated lawyer's console starts afresh instead of reopening those tabs (found from outside, 2026-12-06).
 */
export async function finishedChatsOf(db: Db, lawyerId: string, now: Date): Promise<FinishedChatEntry[]> {
  const windowStart = new Date(now.getTime() - FINISHED_CHATS_WINDOW_MS).toISOString();
  const reactivatedAt = await selectLatestReactivation(db, lawyerId);
  const since = reactivatedAt !== null && reactivatedAt > windowStart ? reactivatedAt : windowStart;
  const rows = await selectFinishedChatsOf(db, lawyerId, since, FINISHED_CHATS_LIMIT);
  const handedOn = await handedOnCases(db, lawyerId, rows);
  const caseFiles = await caseFilesByChatCase(db, lawyerId, rows, handedOn);
  const byMail = await confirmedByMail(db, rows);
  return rows.map((r) => ({
    ...chatSummary(r),
    // A case the lawyer handed on shows its field of law as it was at the forward, not the colleague's later correction.
    ...fieldOfLawShown(handedOn.get(r.caseId)),
    Email: r.email,
    VerifiedEmail: Number(r.verified_email) === 1,
    EmailVerifiedByMail: byMail.has(r.caseId),
    AcceptedAt: r.accepted_at ?? r.created_at,
    CaseFiles: caseFiles.get(r.caseId) ?? [],
    ClosedAt: r.closed_at ?? r.created_at,
    Ended: endOf(r.close_reason),
    ForwardedTo: r.close_reason === 'forwarded' ? (r.forwarded_to ?? null) : null,
  }));
}

/** The field of law of a case the lawyer handed on, as it was at the forward; nothing to override otherwise. */
function fieldOfLawShown(handedOn: HandedOn | undefined): { FieldOfLaw?: number; FieldOfLawLongName?: string } {
  const field = handedOn?.fieldOfLaw;
  return field === undefined ? {} : { FieldOfLaw: field.id, FieldOfLawLongName: field.longName };
}

/** Waiting chats in total (the queue-length gauge). */
export function queueLength(db: Db): Promise<number> {
  return countWaitingChats(db);
}
