// Queries of the chat lifecycle (Kysely): a chat's row, its state changes and who is in it.
// Each transactional unit of work is one function here; the service (chats.ts) decides what to
// do with the outcome (a `false` means the conditional update found the chat in another state).
import type { Clock } from '../../platform/clock.js';
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import type { CasesTable, ChatsTable } from './tables.js';
import { insertTranscriptEntries, type TranscriptMessage } from './botTranscriptQueries.js';

/** How many consultations one person may begin within `windowMs` (counted from the stored cases, so on every process). */
export interface StartLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * A new case with its first chat and the onboarding conversation, which comes first in the case's order – unless the
 * participant already has a chat waiting for or talking to a lawyer (`running`) or began `limit.max` cases within the
 * window (`limited`): then nothing is written.
 */
export async function insertCaseWithChat(
  db: Db,
  clock: Clock,
  theCase: CasesTable,
  chat: ChatsTable,
  transcript: readonly TranscriptMessage[],
  maxEntryAgeMs: number,
  limit: StartLimit,
): Promise<'inserted' | 'running' | 'limited'> {
  return db.transaction().execute(async (trx) => {
    // A no-op update locks the participant's row (PostgreSQL), so two StartChats of one person run one after the other
    // and the second sees the first's chat; SQLite runs write transactions one at a time anyway.
    await trx
      .updateTable('participants')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', theCase.participant_id)
      .execute();
    const running = await trx
      .selectFrom('chats')
      .innerJoin('cases', 'cases.id', 'chats.case_id')
      .select('chats.id')
      .where('cases.participant_id', '=', theCase.participant_id)
      .where('chats.state', 'in', ['waiting', 'active'])
      .executeTakeFirst();
    if (running !== undefined) return 'running';
    const since = new Date(Date.parse(theCase.created_at) - limit.windowMs).toISOString();
    const recent = await trx
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('participant_id', '=', theCase.participant_id)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= limit.max) return 'limited';
    await trx.insertInto('cases').values(theCase).execute();
    await trx.insertInto('chats').values(chat).execute();
    await insertTranscriptEntries(trx, clock, theCase.id, transcript, maxEntryAgeMs);
    return 'inserted';
  });
}

export async function findChat(db: Db, chatId: string): Promise<ChatsTable | undefined> {
  return db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
}

/** The case's newest chat (a forwarded chat continues as a new one). */
export async function findLatestChatOfCase(db: Db, caseId: string): Promise<ChatsTable | undefined> {
  return db.selectFrom('chats').selectAll().where('case_id', '=', caseId).orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
}

/** Who holds the chat now, for telling a lawyer who lost the race to accept it. */
export async function findChatHolder(
  db: Db,
  chatId: string,
): Promise<Pick<ChatsTable, 'state' | 'lawyer_id' | 'requested_lawyer_id' | 'close_reason'> | undefined> {
  return db.selectFrom('chats').select(['state', 'lawyer_id', 'requested_lawyer_id', 'close_reason']).where('id', '=', chatId).executeTakeFirst();
}

/**
 * A waiting chat whose client booked a callback leaves the live queue: closed as 'callback', its case closed and
 * disabled (nothing to continue in the chat; the callback list holds the request). False when it was not waiting.
 */
export async function closeWaitingChatForCallback(db: Db, chatId: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('chats')
      .set({ state: 'closed', close_reason: 'callback', closed_at: at })
      .where('id', '=', chatId)
      .where('state', '=', 'waiting')
      .returning('case_id')
      .executeTakeFirst();
    if (!updated) return false;
    await trx.updateTable('cases').set({ closed_at: at, disabled: 1 }).where('id', '=', updated.case_id).execute();
    return true;
  });
}

/**
 * Accepts a waiting chat; the conditional update decides races between lawyers (also across processes). The lawyer is
 * recorded twice: `lawyer_id` holds the chat (moves on a hand-over), `accepted_lawyer_id` took it (never changes). A
 * chat released from a colleague after its forward hold no longer names them (`released_from_lawyer_id`).
 */
export async function acceptWaitingChat(db: Db, chatId: string, lawyerId: string, acceptedAt: string): Promise<'accepted' | 'taken' | 'inactive'> {
  return db.transaction().execute(async (trx) => {
    // A lawyer being deactivated must not take a chat in the moment before their connections close: the account is
    // checked, and held, in the same transaction as the accept (lockActiveLawyer).
    if (!(await lockActiveLawyer(trx, lawyerId))) return 'inactive';
    const result = await trx
      .updateTable('chats')
      // Taken: nobody is to read „nicht angenommen von …“ about it any more (migration 0049).
      .set({ state: 'active', lawyer_id: lawyerId, accepted_lawyer_id: lawyerId, accepted_at: acceptedAt, released_from_lawyer_id: null })
      .where('id', '=', chatId)
      .where('state', '=', 'waiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'accepted' : 'taken';
  });
}

/**
 * Inside a write transaction: true while the lawyer's account is active, and then holds it so until the transaction
 * ends. The no-op UPDATE takes the row lock on PostgreSQL – a deactivation (teamQueries.ts › deactivateWithHandOver,
 * which updates the same row first) either waits until this transaction committed and then sees its work (hands it
 * over, or refuses while it is open), or this one waits for the deactivation and finds the account inactive (READ
 * COMMITTED re-checks `active` on the new row version). SQLite runs one write transaction at a time, so the check and
 * the write that follows are one step there.
 */
export async function lockActiveLawyer(trx: Transaction<Database>, lawyerId: string): Promise<boolean> {
  const held = await trx.updateTable('lawyers').set({ active: 1 }).where('id', '=', lawyerId).where('active', '=', 1).executeTakeFirst();
  return Number(held.numUpdatedRows) === 1;
}

/**
 * Inside a write transaction: holds the case's row until the transaction ends. It is the lock of everything that
 * decides who is in charge of the case – a forward, the release of an away lawyer's chat – and of the writes only the
 * lawyer in charge may make – the field of law, a case file from the chat (whose insert locks the same row,
 * casefile/lawyerCaseFileQueries.ts › caseFilesOfChatCaseHeld): such a write checks "in charge" after holding it, so a
 * hand-on committed before is seen and one still running waits for the write (and then records the field it made). The
 * no-op UPDATE takes the row lock on PostgreSQL (FOR NO KEY UPDATE: it waits for a FOR UPDATE or another hold, not for
 * the messages and chats inserted under the case); SQLite runs one write transaction at a time anyway.
 */
export async function holdCase(trx: Db, caseId: string): Promise<void> {
  await trx
    .updateTable('cases')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', caseId)
    .execute();
}

export interface CaseClosing {
  readonly reason: NonNullable<ChatsTable['close_reason']>;
  readonly requestPhone: boolean;
  /** A chat closed by inactivity cannot be continued. */
  readonly disableCase: boolean;
  readonly at: string;
  /** A lawyer's close: only while this lawyer holds the chat and the account is active (not handed over meanwhile). */
  readonly byLawyer?: string;
}

/** Closes a waiting or active chat and its case in one transaction; false when the chat was not open (or not the lawyer's). */
export async function closeOpenChat(db: Db, chatId: string, closing: CaseClosing): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (closing.byLawyer !== undefined && !(await lockActiveLawyer(trx, closing.byLawyer))) return false;
    let query = trx
      .updateTable('chats')
      .set({ state: 'closed', close_reason: closing.reason, closed_at: closing.at })
      .where('id', '=', chatId)
      .where('state', 'in', ['waiting', 'active']);
    if (closing.byLawyer !== undefined) query = query.where('lawyer_id', '=', closing.byLawyer);
    const updated = await query.returning('case_id').executeTakeFirst();
    if (!updated) return false;
    await trx
      .updateTable('cases')
      .set({
        closed_at: closing.at,
        ...(closing.requestPhone ? { request_phone_number: 1 as const } : {}),
        ...(closing.disableCase ? { disabled: 1 as const } : {}),
      })
      .where('id', '=', updated.case_id)
      .execute();
    return true;
  });
}

/**
 * What a chat's row is set to when it is handed on (a forward, the release of an away lawyer's chat): ended as
 * forwarded at `at`, with the case's field of law as it is in this moment (migration 0037), which the lawyer who handed
 * it on keeps reading (chatAccess.ts › chatsReadableByLawyer).
 */
export function handedOnChat(eb: ExpressionBuilder<Database, 'chats'>, at: string) {
  const ofTheCase = eb.selectFrom('cases').whereRef('cases.id', '=', 'chats.case_id');
  return {
    state: 'forwarded' as const,
    close_reason: 'forwarded' as const,
    closed_at: at,
    field_of_law_at_forward: ofTheCase.select('cases.field_of_law'),
    field_of_law_long_name_at_forward: ofTheCase.select('cases.field_of_law_long_name'),
  };
}

/** Ends the active chat as forwarded and opens its successor, in one transaction; false when it was not active. */
export async function forwardActiveChat(
  db: Db,
  chatId: string,
  next: ChatsTable,
  at: string,
  byLawyer: string,
): Promise<'forwarded' | 'notActive' | 'inactive' | 'targetInactive'> {
  return db.transaction().execute(async (trx) => {
    // Both accounts are checked, and held, with the write: a chat forwarded to a colleague being deactivated would
    // wait for someone who can no longer sign in (the hand-over moves only what it sees), and a lawyer being
    // deactivated must not move the chat that is being handed over. Locked in id order, so two lawyers forwarding
    // to each other at the same moment cannot wait for each other.
    const target = next.requested_lawyer_id;
    for (const id of [...new Set([byLawyer, ...(target !== null ? [target] : [])])].sort()) {
      if (!(await lockActiveLawyer(trx, id))) return id === byLawyer ? 'inactive' : 'targetInactive';
    }
    // After the accounts (every transaction takes lawyers before cases): a field-of-law change or a case file of the
    // forwarding lawyer either committed before – and the chat records that field – or sees this forward (holdCase).
    await holdCase(trx, next.case_id);
    const updated = await trx
      .updateTable('chats')
      .set((eb) => handedOnChat(eb, at))
      .where('id', '=', chatId)
      .where('state', '=', 'active')
      .where('lawyer_id', '=', byLawyer)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return 'notActive';
    await trx.insertInto('chats').values(next).execute();
    return 'forwarded';
  });
}

/** An active lawyer's name (the forwarding target); a deactivated lawyer is not found. */
export async function findLawyerName(db: Db, lawyerId: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('lawyers').select(['id', 'name']).where('id', '=', lawyerId).where('active', '=', 1).executeTakeFirst();
}

/** Whether the lawyer held one of the case's chats (only then is their picture shown in it). */
export async function lawyerTookPartInCase(db: Db, caseId: string, lawyerId: string): Promise<boolean> {
  const took = await db.selectFrom('chats').select('id').where('case_id', '=', caseId).where('lawyer_id', '=', lawyerId).executeTakeFirst();
  return took !== undefined;
}

/** The lawyer's active chats, whose groups a (re)connecting lawyer connection joins. */
/** The case's chats in the order they began (a forward starts the next one), each with the lawyer who holds it. */
export async function listChatsOfCaseInOrder(
  db: Db,
  caseId: string,
): Promise<Pick<ChatsTable, 'id' | 'lawyer_id' | 'created_at' | 'field_of_law_at_forward' | 'field_of_law_long_name_at_forward'>[]> {
  return db
    .selectFrom('chats')
    .select(['id', 'lawyer_id', 'created_at', 'field_of_law_at_forward', 'field_of_law_long_name_at_forward'])
    .where('case_id', '=', caseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listActiveChatsOfLawyer(db: Db, lawyerId: string): Promise<Pick<ChatsTable, 'id' | 'case_id'>[]> {
  return db.selectFrom('chats').select(['id', 'case_id']).where('lawyer_id', '=', lawyerId).where('state', '=', 'active').execute();
}

/** The participant's chats that wait for or talk to a lawyer (at most one, see insertCaseWithChat). */
export async function findRunningChatsOfParticipant(db: Db, participantId: string): Promise<Pick<ChatsTable, 'id' | 'case_id'>[]> {
  return db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select(['chats.id', 'chats.case_id'])
    .where('cases.participant_id', '=', participantId)
    .where('chats.state', 'in', ['waiting', 'active'])
    .execute();
}

/** The text of the case's newest message, if any. */
export async function findNewestMessageText(db: Db, caseId: string): Promise<string | undefined> {
  const newest = await db.selectFrom('messages').select('text').where('case_id', '=', caseId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return newest?.text;
}

/**
 * Every waiting chat with its case and the lawyer it was forwarded to, longest waiting first (`waiting_since` of a chat
 * handed back because its lawyer was away, else `created_at`) – the order the lawyers' queue lists each group in (the
 * chats forwarded to the lawyer, then those open to everyone; queue positions).
 */
export function listWaitingChatsInQueueOrder(db: Db): Promise<{ id: string; case_id: string; requested_lawyer_id: string | null }[]> {
  return db
    .selectFrom('chats')
    .select(['id', 'case_id', 'requested_lawyer_id'])
    .where('state', '=', 'waiting')
    .orderBy(sql`coalesce(waiting_since, created_at)`)
    .orderBy('id')
    .execute();
}

/** When the chats taken since `since` (ISO) were created and taken, newest first, at most `limit` (the expected wait). */
export function listRecentlyTakenChats(db: Db, since: string, limit: number): Promise<{ created_at: string; accepted_at: string | null }[]> {
  return db.selectFrom('chats').select(['created_at', 'accepted_at']).where('accepted_at', '>=', since).orderBy('accepted_at', 'desc').limit(limit).execute();
}
