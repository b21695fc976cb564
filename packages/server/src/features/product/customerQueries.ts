// Queries of the customer entry (Kysely): single-use entry tokens, customers with their
// participant, and what the product API shows about a participant's cases and chats.
import type { Db } from '../../platform/storage/database.js';

/** Records a token id as used; throws the unique violation when it was used before. */
export async function insertUsedEntryToken(db: Db, jti: string, expiresAt: string): Promise<void> {
  await db.insertInto('used_entry_tokens').values({ jti, expires_at: expiresAt }).execute();
}

export async function findParticipantIdByNumberHash(db: Db, numberHash: string): Promise<string | undefined> {
  const existing = await db
    .selectFrom('customers')
    .innerJoin('participants', 'participants.customer_id', 'customers.id')
    .select('participants.id')
    .where('customers.number_hash', '=', numberHash)
    .executeTakeFirst();
  return existing?.id;
}

/** A customer with its one participant, in one transaction; throws the unique violation of a concurrent twin. */
export async function insertCustomerWithParticipant(
  db: Db,
  ids: { customerId: string; participantId: string },
  customer: { numberHash: string; insurerId: string | null },
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values({ id: ids.customerId, number_hash: customer.numberHash, insurer_id: customer.insurerId, second_level_enabled: 1, created_at: now })
      .execute();
    await trx.insertInto('participants').values({ id: ids.participantId, customer_id: ids.customerId, created_at: now }).execute();
  });
}

export async function findLatestCaseIdOfParticipant(db: Db, participantId: string): Promise<string | undefined> {
  const latest = await db.selectFrom('cases').select('id').where('participant_id', '=', participantId).orderBy('created_at', 'desc').executeTakeFirst();
  return latest?.id;
}

/**
 * How long after "Chat beenden und Telefonnummer erfragen" the chat link still leads back to that question instead of
 * a new intake: the lawyer waits for the number, and a client who closed the tab expects to find the question again.
 */
export const PHONE_REQUEST_RETURN_MS = 24 * 60 * 60 * 1000;

/**
 * The case of the participant's newest chat when the lawyer closed it asking for a phone number less than
 * PHONE_REQUEST_RETURN_MS ago and the client has neither given a number for it nor finished the offboarding.
 */
export async function findUnansweredPhoneRequestCaseId(db: Db, participantId: string, now: Date): Promise<string | undefined> {
  const newest = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select(['chats.case_id', 'chats.state', 'chats.close_reason', 'chats.closed_at'])
    .where('cases.participant_id', '=', participantId)
    .orderBy('chats.created_at', 'desc')
    .executeTakeFirst();
  if (newest === undefined || newest.state !== 'closed' || newest.close_reason !== 'lawyerRequestPhone' || newest.closed_at === null) return undefined;
  if (now.getTime() - new Date(newest.closed_at).getTime() >= PHONE_REQUEST_RETURN_MS) return undefined;
  const [phone, progress] = await Promise.all([
    db.selectFrom('second_level_phones').select('id').where('case_id', '=', newest.case_id).executeTakeFirst(),
    db.selectFrom('bot_progress').select('state').where('case_id', '=', newest.case_id).executeTakeFirst(),
  ]);
  if (phone !== undefined || (progress !== undefined && offboardingFinished(progress.state))) return undefined;
  return newest.case_id;
}

function offboardingFinished(storedProgress: string): boolean {
  try {
    return (JSON.parse(storedProgress) as { Status?: unknown }).Status === 'finished';
  } catch {
    return false;
  }
}

/** The case of the participant's newest chat that is waiting for or talking to a lawyer, if any. */
export async function findOpenChatCaseIdOfParticipant(db: Db, participantId: string): Promise<string | undefined> {
  const open = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select('chats.case_id')
    .where('cases.participant_id', '=', participantId)
    .where('chats.state', 'in', ['waiting', 'active'])
    .orderBy('chats.created_at', 'desc')
    .executeTakeFirst();
  return open?.case_id;
}
