// The lawyer queue: waiting chats open to everyone, plus chats forwarded to this lawyer.
import type { ActiveChatEntry, QueueEntry } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';

export async function queueFor(db: Db, lawyerId: string): Promise<QueueEntry[]> {
  const rows = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select(['chats.id as chatId', 'cases.id as caseId', 'cases.description', 'cases.field_of_law', 'cases.field_of_law_long_name', 'chats.created_at', 'chats.requested_lawyer_id'])
    // A client who asked for a callback while waiting should be visible at a glance in the queue.
    .select((eb) => eb.exists(eb.selectFrom('callbacks').select('callbacks.id').whereRef('callbacks.case_id', '=', 'cases.id')).as('callbackRequested'))
    .where('chats.state', '=', 'waiting')
    .where((eb) => eb.or([eb('chats.requested_lawyer_id', 'is', null), eb('chats.requested_lawyer_id', '=', lawyerId)]))
    .orderBy('chats.created_at')
    .execute();
  return rows.map((r) => ({
    ChatId: r.chatId,
    CaseId: r.caseId,
    Description: r.description,
    FieldOfLaw: r.field_of_law,
    FieldOfLawLongName: r.field_of_law_long_name,
    WaitingSince: r.created_at,
    AssignedLawyerId: r.requested_lawyer_id,
    CallbackRequested: Boolean(Number(r.callbackRequested)),
  }));
}

/** The chats this lawyer holds right now, oldest first: a reload or a second device restores them all. */
export async function activeChatsOf(db: Db, lawyerId: string): Promise<ActiveChatEntry[]> {
  const rows = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select(['chats.id as chatId', 'cases.id as caseId', 'cases.description', 'cases.field_of_law', 'cases.field_of_law_long_name', 'cases.email', 'cases.verified_email', 'chats.created_at', 'chats.accepted_at'])
    .where('chats.lawyer_id', '=', lawyerId)
    .where('chats.state', '=', 'active')
    .orderBy('chats.accepted_at')
    .orderBy('chats.id')
    .execute();
  return rows.map((r) => ({
    ChatId: r.chatId,
    CaseId: r.caseId,
    Description: r.description,
    FieldOfLaw: r.field_of_law,
    FieldOfLawLongName: r.field_of_law_long_name,
    Email: r.email,
    VerifiedEmail: Number(r.verified_email) === 1,
    WaitingSince: r.created_at,
    AcceptedAt: r.accepted_at ?? r.created_at,
  }));
}

export async function queueLength(db: Db): Promise<number> {
  const row = await db.selectFrom('chats').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'waiting').executeTakeFirst();
  return Number(row?.n ?? 0);
}
