// Queries behind the lawyer queue and the lawyer's open chats (tables `chats`, `cases`, `callbacks`).
import type { Db } from '../../platform/storage/database.js';

/** A chat with what the lawyer sees of its case in every list: ids, description, field of law, since when. */
function chatsWithCase(db: Db) {
  return db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select(['chats.id as chatId', 'cases.id as caseId', 'cases.description', 'cases.field_of_law', 'cases.field_of_law_long_name', 'chats.created_at']);
}

/** A row of chatsWithCase. */
export type ChatWithCaseRow = Awaited<ReturnType<ReturnType<typeof chatsWithCase>['execute']>>[number];

/** Waiting chats open to everyone or forwarded to `lawyerId`, oldest first, with whether the case asked for a callback. */
export function selectWaitingChatsFor(db: Db, lawyerId: string) {
  return (
    chatsWithCase(db)
      .select('chats.requested_lawyer_id')
      // A client who asked for a callback while waiting should be visible at a glance in the queue.
      .select((eb) => eb.exists(eb.selectFrom('callbacks').select('callbacks.id').whereRef('callbacks.case_id', '=', 'cases.id')).as('callbackRequested'))
      .where('chats.state', '=', 'waiting')
      .where((eb) => eb.or([eb('chats.requested_lawyer_id', 'is', null), eb('chats.requested_lawyer_id', '=', lawyerId)]))
      .orderBy('chats.created_at')
      .execute()
  );
}

/** The active chats `lawyerId` holds, by acceptance time. */
export function selectActiveChatsOf(db: Db, lawyerId: string) {
  return chatsWithCase(db)
    .select(['cases.email', 'cases.verified_email', 'chats.accepted_at'])
    .where('chats.lawyer_id', '=', lawyerId)
    .where('chats.state', '=', 'active')
    .orderBy('chats.accepted_at')
    .orderBy('chats.id')
    .execute();
}

export async function countWaitingChats(db: Db): Promise<number> {
  const row = await db
    .selectFrom('chats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
