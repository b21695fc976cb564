// Queries of the chat feature's cases (Kysely): look-ups by owner, the case status facts,
// the protocol-mail claim and the PDF inputs. Access decisions stay in chatAccess.ts.
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable, ChatsTable } from './tables.js';

export async function findCaseOfParticipant(db: Db, participantId: string, caseId: string): Promise<CasesTable | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).where('participant_id', '=', participantId).executeTakeFirst();
}

/** The case when one of its chats is or was assigned to the lawyer. */
export async function findCaseOfLawyer(db: Db, lawyerId: string, caseId: string): Promise<CasesTable | undefined> {
  return db
    .selectFrom('cases')
    .selectAll('cases')
    .where('cases.id', '=', caseId)
    .where((eb) => eb.exists(eb.selectFrom('chats').select('chats.id').whereRef('chats.case_id', '=', 'cases.id').where('chats.lawyer_id', '=', lawyerId)))
    .executeTakeFirst();
}

export async function findCase(db: Db, caseId: string): Promise<CasesTable | undefined> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

/** The case of an existing chat: it always exists (a foreign key), so its absence is an error. */
export async function getCase(db: Db, caseId: string): Promise<CasesTable> {
  return db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
}

/** The participant's cases, newest first. */
export async function listCasesOfParticipant(db: Db, participantId: string): Promise<CasesTable[]> {
  return db.selectFrom('cases').selectAll().where('participant_id', '=', participantId).orderBy('created_at', 'desc').execute();
}

/** The participant's cases that are not closed, whose group a (re)connecting participant joins. */
export async function listOpenCaseIdsOfParticipant(db: Db, participantId: string): Promise<string[]> {
  const cases = await db.selectFrom('cases').select('id').where('participant_id', '=', participantId).where('closed_at', 'is', null).execute();
  return cases.map((c) => c.id);
}

/** Whether a chat of the participant waits for or talks to a lawyer: the consultation is running. */
export async function hasRunningChat(db: Db, participantId: string): Promise<boolean> {
  const running = await db
    .selectFrom('chats')
    .innerJoin('cases', 'cases.id', 'chats.case_id')
    .select('chats.id')
    .where('cases.participant_id', '=', participantId)
    .where('chats.state', 'in', ['waiting', 'active'])
    .executeTakeFirst();
  return running !== undefined;
}

export interface CaseStatusFacts {
  readonly latestChat: Pick<ChatsTable, 'state' | 'lawyer_id'> | undefined;
  readonly ratingStars: number | undefined;
  readonly secondLevelEnabled: number | undefined;
  /** The case has a callback request no lawyer has marked done. */
  readonly openCallback: boolean;
  /** The display name of the latest chat's lawyer, once one took it. */
  readonly lawyerName: string | undefined;
  /** A lawyer accepted one of the case's chats (the latest may be a forwarded one still without a lawyer). */
  readonly lawyerTookPart: boolean;
}

/** What the case status is derived from: the latest chat, the rating, the customer's contract and an open callback request. */
export async function findCaseStatusFacts(db: Db, theCase: CasesTable): Promise<CaseStatusFacts> {
  const chat = await db
    .selectFrom('chats')
    .select(['state', 'lawyer_id'])
    .where('case_id', '=', theCase.id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const rating = await db.selectFrom('ratings').select('stars').where('case_id', '=', theCase.id).executeTakeFirst();
  const customer = await db
    .selectFrom('participants')
    .innerJoin('customers', 'customers.id', 'participants.customer_id')
    .select('customers.second_level_enabled')
    .where('participants.id', '=', theCase.participant_id)
    .executeTakeFirst();
  const callback = await db.selectFrom('callbacks').select('id').where('case_id', '=', theCase.id).where('done_at', 'is', null).executeTakeFirst();
  const lawyer = chat?.lawyer_id ? await db.selectFrom('lawyers').select('name').where('id', '=', chat.lawyer_id).executeTakeFirst() : undefined;
  return {
    latestChat: chat,
    ratingStars: rating?.stars,
    secondLevelEnabled: customer?.second_level_enabled,
    openCallback: callback !== undefined,
    lawyerName: lawyer?.name,
    lawyerTookPart: await caseHadLawyer(db, theCase.id),
  };
}

/** Claims the case's one protocol mail; false when it was claimed (sent) already. */
export async function claimProtocolMail(db: Db, caseId: string, email: string, at: string): Promise<boolean> {
  const claim = await db
    .updateTable('cases')
    .set({ protocol_email: email, protocol_sent_at: at })
    .where('id', '=', caseId)
    .where('protocol_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}

/** Whether a lawyer ever accepted a chat of the case: only then is there a consultation to send a protocol of. */
export async function caseHadLawyer(db: Db, caseId: string): Promise<boolean> {
  const accepted = await db.selectFrom('chats').select('id').where('case_id', '=', caseId).where('accepted_at', 'is not', null).executeTakeFirst();
  return accepted !== undefined;
}

/** Whether a chat of the case still waits for or talks to a lawyer (a forwarded chat waiting for a colleague included). */
export async function caseHasRunningChat(db: Db, caseId: string): Promise<boolean> {
  const running = await db.selectFrom('chats').select('id').where('case_id', '=', caseId).where('state', 'in', ['waiting', 'active']).executeTakeFirst();
  return running !== undefined;
}

/** Releases a claim after a failed send, so the next trigger can try again. */
export async function releaseProtocolMail(db: Db, caseId: string): Promise<void> {
  await db.updateTable('cases').set({ protocol_email: null, protocol_sent_at: null }).where('id', '=', caseId).execute();
}

/** The lawyer who first accepted one of the case's chats, and when – also when a colleague took the chat over later. */
export async function findFirstAcceptingLawyer(
  db: Db,
  caseId: string,
): Promise<{ name: string; gender: 'female' | 'male' | 'other'; accepted_at: string | null } | undefined> {
  return db
    .selectFrom('chats')
    .innerJoin('lawyers', 'lawyers.id', 'chats.accepted_lawyer_id')
    .select(['lawyers.name', 'lawyers.gender', 'chats.accepted_at'])
    .where('chats.case_id', '=', caseId)
    .where('chats.accepted_at', 'is not', null)
    .orderBy('chats.accepted_at')
    .executeTakeFirst();
}
