// Case status of SPEC §3, derived from the case, its latest chat and its rating.
import type { CaseStatus } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable } from '../../platform/storage/chatSchema.js';

/**
 * Disabled: the case can no longer be continued in the chat (closed by inactivity,
 * or closed and rated). SecondLevelEnabled comes from the customer's contract.
 */
export async function caseStatus(db: Db, theCase: CasesTable): Promise<CaseStatus> {
  const chat = await db.selectFrom('chats').select(['state', 'lawyer_id']).where('case_id', '=', theCase.id).orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
  const rating = await db.selectFrom('ratings').select('stars').where('case_id', '=', theCase.id).executeTakeFirst();
  const customer = await db
    .selectFrom('participants')
    .innerJoin('customers', 'customers.id', 'participants.customer_id')
    .select('customers.second_level_enabled')
    .where('participants.id', '=', theCase.participant_id)
    .executeTakeFirst();
  const closed = chat?.state === 'closed';
  return {
    CaseRating: rating?.stars ?? null,
    ParticipantEnteredEmail: theCase.email !== null && theCase.email !== '',
    RequestPhoneNumber: theCase.request_phone_number === 1,
    LawyerConnected: chat?.state === 'active',
    CaseClosed: closed,
    Disabled: theCase.disabled === 1 || (closed && rating !== undefined),
    SecondLevelEnabled: customer?.second_level_enabled === 1,
  };
}
