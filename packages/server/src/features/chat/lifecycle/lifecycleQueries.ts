// Queries of the server-side chat lifecycle: the client's and the lawyer's presence, the facts of open chats whose
// client is gone, the conditional closure that makes two sweeping processes close a chat at most once, and the
// conditional releases of forwarded chats nobody took and of active chats whose lawyer is away.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../../platform/storage/database.js';
import type { ChatsTable } from '../tables.js';
import { handedOnChat, holdCase } from '../chatQueries.js';

/** Rows per presence statement (a process with thousands of connected clients writes in a few statements). */
const PRESENCE_BATCH = 500;

/**
 * Records "seen at `at`" for these participants; never moves a sighting back (processes' clocks differ slightly). Only
 * for participants that exist: a person erased on request (their connections close after the erasure) leaves no row.
 */
export async function recordPresence(db: Db, participantIds: readonly string[], at: string): Promise<void> {
  for (let i = 0; i < participantIds.length; i += PRESENCE_BATCH) {
    const batch = participantIds.slice(i, i + PRESENCE_BATCH);
    await db
      .insertInto('participant_presence')
      .columns(['participant_id', 'last_seen_at'])
      .expression((eb) =>
        eb
          .selectFrom('participants')
          .select(['participants.id as participant_id', sql<string>`cast(${at} as text)`.as('last_seen_at')])
          .where('participants.id', 'in', batch),
      )
      .onConflict((oc) =>
        oc
          .column('participant_id')
          .doUpdateSet({ last_seen_at: (eb) => eb.ref('excluded.last_seen_at') })
          .where('participant_presence.last_seen_at', '<', at),
      )
      .execute();
  }
}

/** Records "seen at `at`" for these lawyers, as recordPresence does for participants (only lawyers that exist). */
export async function recordLawyerPresence(db: Db, lawyerIds: readonly string[], at: string): Promise<void> {
  for (let i = 0; i < lawyerIds.length; i += PRESENCE_BATCH) {
    const batch = lawyerIds.slice(i, i + PRESENCE_BATCH);
    await db
      .insertInto('lawyer_presence')
      .columns(['lawyer_id', 'last_seen_at'])
      .expression((eb) =>
        eb
          .selectFrom('lawyers')
          .select(['lawyers.id as lawyer_id', sql<string>`cast(${at} as text)`.as('last_seen_at')])
          .where('lawyers.id', 'in', batch),
      )
      .onConflict((oc) =>
        oc
          .column('lawyer_id')
          .doUpdateSet({ last_seen_at: (eb) => eb.ref('excluded.last_seen_at') })
          .where('lawyer_presence.last_seen_at', '<', at),
      )
      .execute();
  }
}

/** Deletes client and lawyer sightings older than `before`; answers how many. */
export async function purgePresenceBefore(db: Db, before: string): Promise<number> {
  const clients = await db.deleteFrom('participant_presence').where('last_seen_at', '<', before).executeTakeFirst();
  const lawyers = await db.deleteFrom('lawyer_presence').where('last_seen_at', '<', before).executeTakeFirst();
  return Number(clients.numDeletedRows) + Number(lawyers.numDeletedRows);
}

/** An open chat whose client has not been seen since `goneBefore`, with what the rules need. */
export interface OpenChatRow {
  readonly chatId: string;
  readonly caseId: string;
  readonly participantId: string;
  readonly state: 'waiting' | 'active';
  readonly createdAt: string;
  readonly lastSeenAt: string | null;
  readonly lawyerSeq: number | null;
  readonly lawyerAt: string | null;
  readonly participantSeq: number | null;
}

/** Waiting and active chats whose client was last seen (or, without a sighting, the chat began) at or before `goneBefore`. */
export async function selectOpenChatsOfGoneClients(db: Db, goneBefore: string): Promise<OpenChatRow[]> {
  const rows = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .leftJoin('participant_presence as p', 'p.participant_id', 'cases.participant_id')
    .select(['chats.id as chatId', 'chats.case_id as caseId', 'cases.participant_id as participantId', 'chats.state', 'chats.created_at as createdAt'])
    .select('p.last_seen_at as lastSeenAt')
    .select((eb) => {
      const newestLawyer = () =>
        eb.selectFrom('messages as m').whereRef('m.chat_id', '=', 'chats.id').where('m.author_kind', '=', 'lawyer').orderBy('m.seq', 'desc').limit(1);
      return [
        newestLawyer().select('m.seq').as('lawyerSeq'),
        newestLawyer().select('m.created_at').as('lawyerAt'),
        eb
          .selectFrom('messages as m')
          .whereRef('m.chat_id', '=', 'chats.id')
          .where('m.author_kind', '=', 'participant')
          .select((e) => e.fn.max('m.seq').as('s'))
          .as('participantSeq'),
      ];
    })
    .where('chats.state', 'in', ['waiting', 'active'])
    .where(sql<string>`coalesce(p.last_seen_at, chats.created_at)`, '<=', goneBefore)
    .execute();
  return rows.map((r) => ({
    chatId: r.chatId,
    caseId: r.caseId,
    participantId: r.participantId,
    state: r.state as 'waiting' | 'active',
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt ?? null,
    lawyerSeq: r.lawyerSeq === null || r.lawyerSeq === undefined ? null : Number(r.lawyerSeq),
    lawyerAt: r.lawyerAt ?? null,
    participantSeq: r.participantSeq === null || r.participantSeq === undefined ? null : Number(r.participantSeq),
  }));
}

/** Those of `chatIds` that are still accepted and open. */
export async function activeChatIdsAmong(db: Db, chatIds: readonly string[]): Promise<ReadonlySet<string>> {
  if (chatIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('chats')
    .select('id')
    .where('id', 'in', [...chatIds])
    .where('state', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** What must still hold when the closing update runs (another process, the client or the lawyer may have acted). */
export interface ClosingGuard {
  readonly chatId: string;
  readonly participantId: string;
  /** The chat is still in this state. */
  readonly state: 'waiting' | 'active';
  /** The client has not been seen after this (ISO). */
  readonly seenNoLaterThan: string;
  /** No lawyer or participant message after this seq (the unanswered lawyer message); null: not checked. */
  readonly noMessageAfterSeq: number | null;
}

/**
 * Closes the chat and its case (the case disabled, as every inactivity closure: it cannot be continued) in one
 * transaction, but only while the guard holds; false when it did not (closed elsewhere, client back, new message).
 */
export async function closeChatIfStillDue(db: Db, guard: ClosingGuard, reason: NonNullable<ChatsTable['close_reason']>, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('chats')
      .set({ state: 'closed', close_reason: reason, closed_at: at })
      .where('chats.id', '=', guard.chatId)
      .where('chats.state', '=', guard.state)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('participant_presence')
              .select('participant_presence.participant_id')
              .where('participant_presence.participant_id', '=', guard.participantId)
              .where('participant_presence.last_seen_at', '>', guard.seenNoLaterThan),
          ),
        ),
      );
    const afterSeq = guard.noMessageAfterSeq;
    if (afterSeq !== null)
      update = update.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('messages')
              .select('messages.id')
              .where('messages.chat_id', '=', guard.chatId)
              .where('messages.author_kind', 'in', ['lawyer', 'participant'])
              .where('messages.seq', '>', afterSeq),
          ),
        ),
      );
    const updated = await update.returning('case_id').executeTakeFirst();
    if (!updated) return false;
    await trx.updateTable('cases').set({ closed_at: at, disabled: 1 }).where('id', '=', updated.case_id).execute();
    return true;
  });
}

/** Whether the case has a callback request (it stays on the callback list when its waiting chat is abandoned). */
export async function caseHasCallback(db: Db, caseId: string): Promise<boolean> {
  return (await db.selectFrom('callbacks').select('id').where('case_id', '=', caseId).limit(1).executeTakeFirst()) !== undefined;
}

/** A waiting chat offered to one lawyer only (forwarded), with that lawyer's name for the client's notice. */
export interface HeldForward {
  readonly chatId: string;
  readonly caseId: string;
  readonly lawyerId: string;
  readonly lawyerName: string;
}

/**
 * Waiting chats offered to one lawyer only since `heldSince` or longer: a forwarded chat begins when it is forwarded,
 * a forwarded chat handed over to a successor on a deactivation holds again from the hand-over (`held_since`).
 */
export async function selectHeldForwardsBefore(db: Db, heldSince: string): Promise<HeldForward[]> {
  const rows = await db
    .selectFrom('chats')
    .innerJoin('lawyers', 'lawyers.id', 'chats.requested_lawyer_id')
    .select(['chats.id as chatId', 'chats.case_id as caseId', 'lawyers.id as lawyerId', 'lawyers.name as lawyerName'])
    .where('chats.state', '=', 'waiting')
    .where((eb) => eb.fn.coalesce('chats.held_since', 'chats.created_at'), '<=', heldSince)
    .execute();
  return rows;
}

/**
 * Offers the chat to every lawyer if it still waits for `lawyerId` alone, and records that it was released from them
 * (migration 0049: the queue says who did not take it); false when it was taken or changed meanwhile.
 */
export async function releaseForwardIfStillHeld(db: Db, chatId: string, lawyerId: string): Promise<boolean> {
  const result = await db
    .updateTable('chats')
    .set({ requested_lawyer_id: null, released_from_lawyer_id: lawyerId })
    .where('id', '=', chatId)
    .where('state', '=', 'waiting')
    .where('requested_lawyer_id', '=', lawyerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An active chat whose lawyer is away, with that lawyer's name for the client's notice. */
export interface AwayLawyerChat {
  readonly chatId: string;
  readonly caseId: string;
  readonly lawyerId: string;
  readonly lawyerName: string;
  /** Since when the client has been without an answering lawyer: the later of the acceptance and the lawyer's newest message. */
  readonly unansweredSince: string;
}

/**
 * The conditions of "its lawyer has been away since `awaySince`" on an active chat: accepted (or handed over: the
 * hand-over notice is a system message) no later than then, its lawyer not seen on the hub after it, and no lawyer or
 * system message in it after it. Both the selection and the conditional update below use them.
 */
function lawyerAwaySince(awaySince: string) {
  return (eb: ExpressionBuilder<Database, 'chats'>) =>
    eb.and([
      eb('chats.state', '=', 'active'),
      eb('chats.accepted_at', '<=', awaySince),
      eb.not(
        eb.exists(
          eb
            .selectFrom('lawyer_presence')
            .select('lawyer_presence.lawyer_id')
            .whereRef('lawyer_presence.lawyer_id', '=', 'chats.lawyer_id')
            .where('lawyer_presence.last_seen_at', '>', awaySince),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('messages')
            .select('messages.id')
            .whereRef('messages.chat_id', '=', 'chats.id')
            .where('messages.author_kind', 'in', ['lawyer', 'system'])
            .where('messages.created_at', '>', awaySince),
        ),
      ),
    ]);
}

/** Active chats whose lawyer has been away since `awaySince` (see lawyerAwaySince). */
export async function selectChatsOfAwayLawyers(db: Db, awaySince: string): Promise<AwayLawyerChat[]> {
  const rows = await db
    .selectFrom('chats')
    .select(['chats.id as chatId', 'chats.case_id as caseId', 'chats.lawyer_id as lawyerId'])
    .select(['chats.accepted_at as acceptedAt', 'chats.created_at as createdAt'])
    .select((eb) => eb.selectFrom('lawyers').select('lawyers.name').whereRef('lawyers.id', '=', 'chats.lawyer_id').as('lawyerName'))
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .whereRef('m.chat_id', '=', 'chats.id')
        .where('m.author_kind', '=', 'lawyer')
        .select((e) => e.fn.max('m.created_at').as('at'))
        .as('lawyerAt'),
    )
    .where(lawyerAwaySince(awaySince))
    .execute();
  return rows.flatMap((r) => {
    if (r.lawyerId === null) return [];
    const answeredAt = [r.acceptedAt ?? r.createdAt, r.lawyerAt ?? ''].reduce((a, b) => (b > a ? b : a));
    return [{ chatId: r.chatId, caseId: r.caseId, lawyerId: r.lawyerId, lawyerName: r.lawyerName ?? '', unansweredSince: answeredAt }];
  });
}

/**
 * Ends the active chat as forwarded and opens `next` (its successor in every lawyer's queue), in one transaction – as a
 * lawyer's forward does – but only while `lawyerId` still holds it and is still away since `awaySince`; false when the
 * lawyer came back, wrote, closed or forwarded it, or another process released it meanwhile.
 */
export async function releaseChatOfAwayLawyer(db: Db, chatId: string, lawyerId: string, awaySince: string, next: ChatsTable, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A hand-on like a forward: the case's writes of the lawyer in charge wait for it, or it for them (holdCase).
    await holdCase(trx, next.case_id);
    const updated = await trx
      .updateTable('chats')
      .set((eb) => handedOnChat(eb, at))
      .where('chats.id', '=', chatId)
      .where('chats.lawyer_id', '=', lawyerId)
      .where(lawyerAwaySince(awaySince))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.insertInto('chats').values(next).execute();
    return true;
  });
}
