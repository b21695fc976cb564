// Queries behind the lawyer queue and the lawyer's open and recently finished chats (tables `chats`, `cases`, `callbacks`).
import { sql } from 'kysely';
import type { Db } from '../../platform/storage/database.js';
import { ERASED_PERSON_ID } from '../dataRequests/index.js';

/**
 * A chat with what the lawyer sees of its case in every list: ids, description, field of law, since when (`created_at`,
 * and `waiting_since` for a chat handed back because its lawyer was away: the client waits since the lawyer's last word).
 */
function chatsWithCase(db: Db) {
  return (
    db
      .selectFrom('chats')
      .innerJoin('cases', 'cases.id', 'chats.case_id')
      // The insurer the client came through (its name in the administration, as the reports name it); none for the default.
      .leftJoin('insurers', 'insurers.id', 'cases.insurer_id')
      .select([
        'insurers.name as insurer_name',
        'chats.id as chatId',
        'cases.id as caseId',
        'cases.description',
        'cases.field_of_law',
        'cases.field_of_law_long_name',
        'chats.created_at',
        'chats.waiting_since',
      ])
  );
}

/** A row of chatsWithCase. */
export type ChatWithCaseRow = Awaited<ReturnType<ReturnType<typeof chatsWithCase>['execute']>>[number];

/**
 * Waiting chats open to everyone or forwarded to `lawyerId`: first those forwarded to `lawyerId` (a colleague expects
 * them to be taken within minutes, and by their forward time they sat below every walk-in client), then those open to
 * everyone; each group longest waiting first (`waiting_since`, else `created_at`: a chat handed back because its lawyer
 * was away keeps its place by the client's wait), as the clients' places are counted (chat/queuePositions.ts). With
 * whether the case asked for a callback, the client's last sighting (`last_seen_at`, null: none recorded) and the
 * colleague a forwarded chat was released from after its hold (`released_from` by name and `released_from_id`, null: none).
 */
export function selectWaitingChatsFor(db: Db, lawyerId: string) {
  return (
    chatsWithCase(db)
      .leftJoin('participant_presence as presence', 'presence.participant_id', 'cases.participant_id')
      // The colleague a forwarded chat was released from when its hold ran out (migration 0049), by the name they have now.
      .leftJoin('lawyers as released', 'released.id', 'chats.released_from_lawyer_id')
      .select([
        'chats.requested_lawyer_id',
        'chats.handed_over_from',
        'presence.last_seen_at',
        'released.name as released_from',
        'released.id as released_from_id',
      ])
      // A client who asked for a callback while waiting should be visible at a glance in the queue.
      .select((eb) => eb.exists(eb.selectFrom('callbacks').select('callbacks.id').whereRef('callbacks.case_id', '=', 'cases.id')).as('callbackRequested'))
      // Who forwarded it: the lawyer who held the chat before it in the same case, if that chat ended by forwarding (or
      // was handed back because that lawyer was away: then the chat has `waiting_since`).
      .select((eb) =>
        eb
          .selectFrom('chats as previous')
          .innerJoin('lawyers', 'lawyers.id', 'previous.lawyer_id')
          .select('lawyers.name')
          .whereRef('previous.case_id', '=', 'chats.case_id')
          .whereRef('previous.id', '=', 'chats.previous_chat_id')
          .where('previous.state', '=', 'forwarded')
          .limit(1)
          .as('forwarded_by'),
      )
      .where('chats.state', '=', 'waiting')
      .where((eb) => eb.or([eb('chats.requested_lawyer_id', 'is', null), eb('chats.requested_lawyer_id', '=', lawyerId)]))
      // Forwarded to this lawyer (the only non-null `requested_lawyer_id` the filter lets through) first.
      .orderBy(sql`case when chats.requested_lawyer_id is null then 1 else 0 end`)
      .orderBy(sql`coalesce(chats.waiting_since, chats.created_at)`)
      .orderBy('chats.id')
      .execute()
  );
}

/** The active chats `lawyerId` holds, by acceptance time. */
/** The chats `lawyerId` holds, with the client's last sighting (`last_seen_at`, null: none recorded). */
export function selectActiveChatsOf(db: Db, lawyerId: string) {
  return chatsWithCase(db)
    .leftJoin('participant_presence as presence', 'presence.participant_id', 'cases.participant_id')
    .select(['cases.email', 'cases.verified_email', 'cases.participant_id', 'chats.accepted_at', 'presence.last_seen_at'])
    .where('chats.lawyer_id', '=', lawyerId)
    .where('chats.state', '=', 'active')
    .orderBy('chats.accepted_at')
    .orderBy('chats.id')
    .execute();
}

/**
 * The chats `lawyerId` held that ended (closed or forwarded) at or after `since`: the newest `limit` by end, then by
 * acceptance time like the active ones. `lawyer_id` is who held the chat when it ended (a deactivation hands over only
 * active chats), so only the lawyer's own chats are listed. `forwarded_to`: for a forwarded chat the name of the
 * colleague its successor in the same case is offered to (`requested_lawyer_id`), else null.
 */
export async function selectFinishedChatsOf(db: Db, lawyerId: string, since: string, limit: number) {
  const newest = await chatsWithCase(db)
    .select(['cases.email', 'cases.verified_email', 'cases.participant_id', 'chats.accepted_at', 'chats.closed_at', 'chats.close_reason'])
    .select((eb) =>
      eb
        .selectFrom('chats as next')
        .innerJoin('lawyers', 'lawyers.id', 'next.requested_lawyer_id')
        .select('lawyers.name')
        // The successor is in the same case: the case index finds it without reading every chat.
        .whereRef('next.case_id', '=', 'chats.case_id')
        .whereRef('next.previous_chat_id', '=', 'chats.id')
        .limit(1)
        .as('forwarded_to'),
    )
    .where('chats.lawyer_id', '=', lawyerId)
    .where('chats.state', 'in', ['closed', 'forwarded'])
    // A chat erased at the person's request holds nothing to reread or to start a case file from (outside tester).
    .where('cases.participant_id', '!=', ERASED_PERSON_ID)
    .where('chats.accepted_at', 'is not', null)
    .where('chats.closed_at', '>=', since)
    .orderBy('chats.closed_at', 'desc')
    .orderBy('chats.id')
    .limit(limit)
    .execute();
  return newest.sort((a, b) => (a.accepted_at ?? '').localeCompare(b.accepted_at ?? '') || a.chatId.localeCompare(b.chatId));
}

/**
 * When the lawyer's account was last reactivated (the administration's audit entry `lawyer.reactivated`, the one record
 * of it: `lawyers.deactivated_at` is cleared then), null when it never was.
 */
export async function selectLatestReactivation(db: Db, lawyerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('admin_audit_log')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('action', '=', 'lawyer.reactivated')
    .where('target_id', '=', lawyerId)
    .executeTakeFirst();
  return row?.at ?? null;
}

export async function countWaitingChats(db: Db): Promise<number> {
  const row = await db
    .selectFrom('chats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
