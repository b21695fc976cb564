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
  numberHash: string,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('customers').values({ id: ids.customerId, number_hash: numberHash, second_level_enabled: 1, created_at: now }).execute();
    await trx.insertInto('participants').values({ id: ids.participantId, customer_id: ids.customerId, created_at: now }).execute();
  });
}

export async function findLatestCaseIdOfParticipant(db: Db, participantId: string): Promise<string | undefined> {
  const latest = await db.selectFrom('cases').select('id').where('participant_id', '=', participantId).orderBy('created_at', 'desc').executeTakeFirst();
  return latest?.id;
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
