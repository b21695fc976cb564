// Queries of the data-subject requests: who the person is (customers, participants, chat cases, case files) and
// everything stored about them, on both engines. The erasure is one transaction (eraseChatCases).
import { sql, type Transaction } from 'kysely';
import { sortByGermanName } from '@rechtschat/core';
import type { CaseFileTable } from '../casefile/index.js';
import type { Database, Db } from '../../platform/storage/database.js';
import { CASE_OWNED_TABLES, type CasesTable } from '../chat/index.js';

/** In German name order, as the insurers' screen lists them. */
export async function allInsurers(db: Db): Promise<{ id: string; name: string }[]> {
  return sortByGermanName(await db.selectFrom('insurers').select(['id', 'name']).execute(), (row) => row.name);
}

export async function customersByNumberHashes(db: Db, numberHashes: readonly string[]): Promise<{ id: string; number_hash: string }[]> {
  if (numberHashes.length === 0) return [];
  return db.selectFrom('customers').select(['id', 'number_hash']).where('number_hash', 'in', numberHashes).execute();
}

/** Chat cases whose reference (`RC-` + the first eight characters of the id, upper case) is this one. */
export async function caseIdsByReferencePrefix(db: Db, prefixUpper: string): Promise<string[]> {
  return (
    await db
      .selectFrom('cases')
      .select('id')
      .where(sql<string>`upper(substr(id, 1, 8))`, '=', prefixUpper)
      .execute()
  ).map((r) => r.id);
}

export async function caseFileByNumber(db: Db, caseNumber: string): Promise<CaseFileTable | undefined> {
  return db.selectFrom('case_files').selectAll().where('case_number', '=', caseNumber).executeTakeFirst();
}

export async function customerIdsOfCases(db: Db, caseIds: readonly string[]): Promise<string[]> {
  if (caseIds.length === 0) return [];
  const rows = await db
    .selectFrom('cases')
    .innerJoin('participants', 'participants.id', 'cases.participant_id')
    .select('participants.customer_id')
    .where('cases.id', 'in', caseIds)
    // What is left of erased chat cases (eraseChatCasesIn) belongs to nobody a request could name.
    .where('participants.customer_id', '!=', ERASED_PERSON_ID)
    .execute();
  return [...new Set(rows.map((r) => r.customer_id))];
}

export async function customersByIds(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? [] : db.selectFrom('customers').select(['id', 'second_level_enabled', 'created_at']).where('id', 'in', ids).execute();
}

export async function participantsOfCustomers(db: Db, customerIds: readonly string[]) {
  return customerIds.length === 0 ? [] : db.selectFrom('participants').selectAll().where('customer_id', 'in', customerIds).orderBy('created_at').execute();
}

/**
 * A chat case with its insurer under both names: `insurer_name` as the person saw it (the display name, else the
 * name) for what is handed to the person; `insurer_admin_name` as the firm administers it (Verwaltung → Versicherer,
 * the insurer choice, reports and CSV) for the console. Both null for the single-insurer default.
 */
export type CaseWithInsurer = CasesTable & { insurer_name: string | null; insurer_admin_name: string | null };

export async function casesOfParticipants(db: Db, participantIds: readonly string[]): Promise<CaseWithInsurer[]> {
  if (participantIds.length === 0) return [];
  return db
    .selectFrom('cases')
    .leftJoin('insurers', 'insurers.id', 'cases.insurer_id')
    .selectAll('cases')
    .select(sql<string | null>`coalesce(insurers.display_name, insurers.name)`.as('insurer_name'))
    .select(sql<string | null>`insurers.name`.as('insurer_admin_name'))
    .where('cases.participant_id', 'in', participantIds)
    .orderBy('cases.created_at')
    .execute();
}

export async function caseFilesOfChatCases(db: Db, caseIds: readonly string[]): Promise<CaseFileTable[]> {
  if (caseIds.length === 0) return [];
  return db.selectFrom('case_files').selectAll().where('chat_case_id', 'in', caseIds).orderBy('created_at').execute();
}

/** Rows of one chat case per table, for the archive and the summary's counts. */
export async function chatCaseContent(db: Db, caseId: string) {
  const [chats, messages, files, callbacks, ratings, secondLevelPhones, botProgress, highlights, protocolConfirmations] = await Promise.all([
    db.selectFrom('chats').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute(),
    db.selectFrom('messages').selectAll().where('case_id', '=', caseId).orderBy('seq').execute(),
    db.selectFrom('files').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute(),
    db.selectFrom('callbacks').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute(),
    db.selectFrom('ratings').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute(),
    db.selectFrom('second_level_phones').selectAll().where('case_id', '=', caseId).orderBy('created_at').execute(),
    db.selectFrom('bot_progress').selectAll().where('case_id', '=', caseId).execute(),
    db.selectFrom('message_highlights').select('message_id').where('case_id', '=', caseId).execute(),
    // The links of the protocol's double opt-in: the address each went to, when, and how often it was renewed after
    // expiring – never the token's hash, a key.
    db
      .selectFrom('protocol_mail_confirmations')
      .select(['email', 'created_at', 'expires_at', 'used_at', 'renewals'])
      .where('case_id', '=', caseId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { chats, messages, files, callbacks, ratings, secondLevelPhones, botProgress, highlights, protocolConfirmations };
}
export type ChatCaseContent = Awaited<ReturnType<typeof chatCaseContent>>;

/** The lawyers' names by id, for the archive's readable summary (who held a chat). */
export async function lawyerNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('lawyers').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The addresses the person confirmed for the protocol mail (double opt-in), oldest first. */
export async function confirmedProtocolAddressesOf(db: Db, participantIds: readonly string[]) {
  if (participantIds.length === 0) return [];
  return db
    .selectFrom('confirmed_protocol_addresses')
    .select(['email', 'confirmed_at', 'last_used_at'])
    .where('participant_id', 'in', participantIds)
    .orderBy('confirmed_at')
    .execute();
}

export async function secondLevelPhonesOfParticipants(db: Db, participantIds: readonly string[]) {
  if (participantIds.length === 0) return [];
  return db.selectFrom('second_level_phones').selectAll().where('participant_id', 'in', participantIds).where('case_id', 'is', null).execute();
}

/** Rows of one case file per table (never the token or PIN hash, which are not the person's data but keys). */
export async function caseFileContent(db: Db, caseFileId: string) {
  const [history, documents, contacts, firmMessages, accessLog] = await Promise.all([
    db.selectFrom('case_file_history').selectAll().where('case_file_id', '=', caseFileId).orderBy('id').execute(),
    db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', caseFileId).orderBy('created_at').execute(),
    db.selectFrom('case_file_contacts').selectAll().where('case_file_id', '=', caseFileId).orderBy('created_at').execute(),
    db.selectFrom('case_file_firm_messages').selectAll().where('case_file_id', '=', caseFileId).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('case_file_access_log')
      .leftJoin('lawyers', 'lawyers.id', 'case_file_access_log.lawyer_id')
      .select(['case_file_access_log.accessed_at', 'case_file_access_log.action', 'case_file_access_log.document_id', 'lawyers.name as lawyer_name'])
      .where('case_file_access_log.case_file_id', '=', caseFileId)
      .orderBy('case_file_access_log.accessed_at')
      .execute(),
  ]);
  return { history, documents, contacts, firmMessages, accessLog };
}
export type CaseFileContent = Awaited<ReturnType<typeof caseFileContent>>;

/** Chats of these cases that wait for or talk to a lawyer. */
export async function runningChatCaseIds(db: Db | Transaction<Database>, caseIds: readonly string[]): Promise<string[]> {
  if (caseIds.length === 0) return [];
  const rows = await db.selectFrom('chats').select('case_id').where('case_id', 'in', caseIds).where('state', 'in', ['waiting', 'active']).execute();
  return [...new Set(rows.map((r) => r.case_id))];
}

/**
 * The one customer and participant every erased chat case is moved to: it has no insurance number (its hash matches
 * no HMAC), no session and no data of its own, and a search never names it as a person.
 */
export const ERASED_PERSON_ID = 'erased-person';

async function ensureErasedPerson(trx: Transaction<Database>, now: string): Promise<void> {
  await trx
    .insertInto('customers')
    .values({ id: ERASED_PERSON_ID, number_hash: 'erased', second_level_enabled: 0, insurer_id: null, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx
    .insertInto('participants')
    .values({ id: ERASED_PERSON_ID, customer_id: ERASED_PERSON_ID, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Erases the chat cases: every row with the person's words or contact data goes (messages, uploads, callbacks, ratings,
 * phone entries, the bot's progress, the protocol's confirmation links), and of the case only what the firm's invoice to the insurer is made of stays –
 * the case's id (its reference RC-…), start, insurer and field of law, and its chats' states, times and lawyers – with
 * the description and e-mail addresses cleared and the case no longer the person's. The accounting records the
 * invoice rests on must be kept (§ 147 AO, § 257 HGB; Art. 17(3)(b) GDPR); the retention job removes the rest at the
 * case's `retention_until` like any chat case. Returns the upload storage names to remove after commit.
 */
export async function eraseChatCasesIn(trx: Transaction<Database>, caseIds: readonly string[], now: string): Promise<string[]> {
  if (caseIds.length === 0) return [];
  const storageNames = (await trx.selectFrom('files').select('storage_name').where('case_id', 'in', caseIds).execute()).map((r) => r.storage_name);
  for (const table of CASE_OWNED_TABLES) {
    await trx.deleteFrom(table).where('case_id', 'in', caseIds).execute();
  }
  await ensureErasedPerson(trx, now);
  await trx
    .updateTable('cases')
    .set({
      participant_id: ERASED_PERSON_ID,
      description: '',
      email: null,
      verified_email: 0,
      protocol_email: null,
      override_domain: null,
      request_phone_number: 0,
    })
    .where('id', 'in', caseIds)
    .execute();
  return storageNames;
}

/**
 * The callback numbers the person left without a case (the offboarding's number of a chat link with `?secondLevel=…`,
 * „Rückrufnummern ohne Beratung“ in the archive) are chat data no retention duty keeps: they go with the chats even
 * when the person stays for a case file (deletePeopleWithoutCases would only take them with the person).
 */
async function eraseCaselessCallbackNumbers(trx: Transaction<Database>, customerIds: readonly string[]): Promise<void> {
  if (customerIds.length === 0) return;
  const participantIds = trx.selectFrom('participants').select('id').where('customer_id', 'in', customerIds);
  await trx.deleteFrom('second_level_phones').where('participant_id', 'in', participantIds).where('case_id', 'is', null).execute();
}

/**
 * The addresses the person confirmed for the protocol mail are contact data no retention duty keeps: they go with the
 * chats even when the person stays for a case file, and no later protocol goes to one without a new confirmation.
 */
async function eraseConfirmedProtocolAddresses(trx: Transaction<Database>, customerIds: readonly string[]): Promise<void> {
  if (customerIds.length === 0) return;
  const participantIds = trx.selectFrom('participants').select('id').where('customer_id', 'in', customerIds);
  await trx.deleteFrom('confirmed_protocol_addresses').where('participant_id', 'in', participantIds).execute();
}

/** Participants (with their sessions, tickets, phone entries, hub presence and confirmed protocol addresses) and customers that have no chat case left; the participant ids deleted. */
export async function deletePeopleWithoutCases(trx: Transaction<Database>, customerIds: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (const customerId of customerIds) {
    const participantIds = (await trx.selectFrom('participants').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id);
    if (participantIds.length > 0) {
      const remaining = await trx.selectFrom('cases').select('id').where('participant_id', 'in', participantIds).limit(1).execute();
      if (remaining.length > 0) continue;
      await trx.deleteFrom('sessions').where('kind', 'in', ['web', 'chat']).where('subject_id', 'in', participantIds).execute();
      await trx.deleteFrom('login_tickets').where('participant_id', 'in', participantIds).execute();
      await trx.deleteFrom('second_level_phones').where('participant_id', 'in', participantIds).execute();
      await trx.deleteFrom('participant_presence').where('participant_id', 'in', participantIds).execute();
      await trx.deleteFrom('confirmed_protocol_addresses').where('participant_id', 'in', participantIds).execute();
      await trx.deleteFrom('participants').where('id', 'in', participantIds).execute();
      deleted.push(...participantIds);
    }
    await trx.deleteFrom('customers').where('id', '=', customerId).execute();
  }
  return deleted;
}

/**
 * The erasure as one transaction: refused (`running`) when a chat of the person's cases waits or is active (checked
 * inside, so a chat started a moment ago counts); else the chat cases are erased (eraseChatCasesIn), then the people without a case left, then
 * `within` writes the audit entry. Returns the uploads to remove from disk and the participants deleted.
 */
export async function eraseInOneTransaction(
  db: Db,
  work: { readonly ownCaseIds: readonly string[]; readonly eraseCaseIds: readonly string[]; readonly customerIds: readonly string[]; readonly now: string },
  within: (trx: Transaction<Database>, erasedFiles: number) => Promise<void>,
  running: () => Error,
): Promise<{ storageNames: string[]; participantIds: string[] }> {
  return db.transaction().execute(async (trx) => {
    if ((await runningChatCaseIds(trx, work.ownCaseIds)).length > 0) throw running();
    const storageNames = await eraseChatCasesIn(trx, work.eraseCaseIds, work.now);
    await eraseCaselessCallbackNumbers(trx, work.customerIds);
    await eraseConfirmedProtocolAddresses(trx, work.customerIds);
    const participantIds = await deletePeopleWithoutCases(trx, work.customerIds);
    await within(trx, storageNames.length);
    return { storageNames, participantIds };
  });
}

/**
 * Remembers that an erasure asked for these chat cases while a case file kept them (§ 50 BRAO); the first request's
 * time stays. The retention job erases them once no case file keeps them any more (requestedErasure.ts).
 */
export async function markErasureRequested(trx: Transaction<Database>, caseIds: readonly string[], now: string): Promise<void> {
  if (caseIds.length === 0) return;
  await trx.updateTable('cases').set({ erasure_requested_at: now }).where('id', 'in', caseIds).where('erasure_requested_at', 'is', null).execute();
}

/** These case files are due for deletion at `now`: the retention job deletes them (and their uploads) within the hour. */
export async function makeCaseFilesDue(trx: Transaction<Database>, caseFileIds: readonly string[], now: string): Promise<void> {
  if (caseFileIds.length === 0) return;
  await trx.updateTable('case_files').set({ retention_until: now }).where('id', 'in', caseFileIds).execute();
}

/** Chat cases whose erasure was asked for and that no case file keeps any more (its retention ended), not yet erased. */
export async function caseIdsDueForRequestedErasure(db: Db, now: string, limit: number): Promise<{ id: string; erasure_requested_at: string }[]> {
  const rows = await db
    .selectFrom('cases')
    .select(['cases.id', 'cases.erasure_requested_at'])
    .where('cases.erasure_requested_at', 'is not', null)
    .where('cases.participant_id', '!=', ERASED_PERSON_ID)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('case_files').select('case_files.id').whereRef('case_files.chat_case_id', '=', 'cases.id').where('case_files.retention_until', '>', now),
        ),
      ),
    )
    .orderBy('cases.erasure_requested_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, erasure_requested_at: r.erasure_requested_at as string }));
}

/**
 * One requested erasure the retention job carries out (requestedErasure.ts), in one transaction with `within` (the
 * audit entry): null, and nothing changed, when a chat of the case waits or talks to a lawyer (the next run takes it);
 * else the case is erased as eraseChatCasesIn does and the person goes once no chat case of theirs is left. Returns the
 * upload storage names to remove after commit.
 */
export async function eraseRequestedChatCaseInOneTransaction(
  db: Db,
  work: { readonly caseId: string; readonly customerIds: readonly string[]; readonly now: string },
  within: (trx: Transaction<Database>, storageNames: readonly string[]) => Promise<void>,
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    if ((await runningChatCaseIds(trx, [work.caseId])).length > 0) return null;
    const storageNames = await eraseChatCasesIn(trx, [work.caseId], work.now);
    await deletePeopleWithoutCases(trx, work.customerIds);
    await within(trx, storageNames);
    return storageNames;
  });
}
