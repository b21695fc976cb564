// The lawyer queue: waiting chats open to everyone, plus chats forwarded to this lawyer.
import type { QueueEntry } from '@rechtschat/core';
import type { Db } from '../storage/database.js';

export async function queueFor(db: Db, lawyerId: string): Promise<QueueEntry[]> {
  const rows = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select(['chats.id as chatId', 'cases.id as caseId', 'cases.description', 'cases.field_of_law', 'cases.field_of_law_long_name', 'chats.created_at', 'chats.requested_lawyer_id'])
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
  }));
}

export async function queueLength(db: Db): Promise<number> {
  const row = await db.selectFrom('chats').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'waiting').executeTakeFirst();
  return Number(row?.n ?? 0);
}
