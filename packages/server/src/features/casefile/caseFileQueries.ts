// Every query on case_files, case_file_history, case_file_contacts and case_file_firm_messages: the feature's only Kysely calls for
// these tables (services hold the rules, routes decode and reply).
import type { Kysely } from 'kysely';
import type { CaseFileContactTable, CaseFileFirmMessageTable, CaseFileHistoryTable, CaseFileTable, CaseFileTables } from './tables.js';

export type CaseFileDb = Kysely<CaseFileTables>;

/** The client-editable contact fields, as columns. */
export type PersonChanges = Partial<Pick<CaseFileTable, 'email' | 'street' | 'postal_code' | 'city'>>;

/**
 * A new case file and its first history entry in one transaction, after `beforeInsert` (run first in it; what it throws
 * stores nothing). Generic over the caller's schema, so `beforeInsert` may read beyond the case-file tables.
 */
export async function insertCaseFile<DB extends CaseFileTables>(
  db: Kysely<DB>,
  row: CaseFileTable,
  history: CaseFileHistoryTable,
  beforeInsert?: (trx: Kysely<DB>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await beforeInsert?.(trx);
    // The case-file tables are part of DB; Kysely's types cannot narrow a generic schema to them.
    const files = trx as unknown as CaseFileDb;
    await files.insertInto('case_files').values(row).execute();
    await files.insertInto('case_file_history').values(history).execute();
  });
}

/** A withdrawn file's link opens nothing (withdrawal.ts): it is not found here. */
export async function findCaseByTokenHash(db: CaseFileDb, tokenHash: string): Promise<CaseFileTable | undefined> {
  return db.selectFrom('case_files').selectAll().where('token_hash', '=', tokenHash).where('withdrawn_at', 'is', null).executeTakeFirst();
}

export async function findCaseById(db: CaseFileDb, id: string): Promise<CaseFileTable | undefined> {
  return db.selectFrom('case_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePerson(db: CaseFileDb, id: string, changes: PersonChanges, now: Date): Promise<void> {
  await db
    .updateTable('case_files')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Stores the answers only while the mandate is open (decided in the write itself); false for a closed file. */
export async function saveQuestionnaire(db: CaseFileDb, id: string, answersJson: string, now: Date): Promise<boolean> {
  const iso = now.toISOString();
  const result = await db
    .updateTable('case_files')
    .set({ questionnaire_json: answersJson, questionnaire_submitted_at: iso, updated_at: iso })
    .where('id', '=', id)
    .where('closed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertHistory(db: CaseFileDb, row: CaseFileHistoryTable): Promise<void> {
  await db.insertInto('case_file_history').values(row).execute();
}

/**
 * Rewrites the text of one history entry, found by its kind, its time and its whole text (a withdrawn share's entry
 * loses the note, sharedDocumentWithdrawal.ts); nothing when no entry matches exactly.
 */
export async function rewriteHistoryText(
  db: CaseFileDb,
  entry: Pick<CaseFileHistoryTable, 'case_file_id' | 'kind' | 'created_at' | 'text'>,
  text: string,
): Promise<void> {
  await db
    .updateTable('case_file_history')
    .set({ text })
    .where('case_file_id', '=', entry.case_file_id)
    .where('kind', '=', entry.kind)
    .where('created_at', '=', entry.created_at)
    .where('text', '=', entry.text)
    .execute();
}

export async function listHistoryRows(db: CaseFileDb, caseFileId: string): Promise<CaseFileHistoryTable[]> {
  return db.selectFrom('case_file_history').selectAll().where('case_file_id', '=', caseFileId).orderBy('id', 'desc').execute();
}

export async function insertContact(db: CaseFileDb, row: CaseFileContactTable): Promise<void> {
  await db.insertInto('case_file_contacts').values(row).execute();
}

export async function markContactMailed(db: CaseFileDb, id: string): Promise<void> {
  await db.updateTable('case_file_contacts').set({ mailed: 1 }).where('id', '=', id).execute();
}

/** The client's message only if it belongs to the given case file (object-level check). */
export async function findContact(db: CaseFileDb, caseFileId: string, contactId: string): Promise<CaseFileContactTable | undefined> {
  return db.selectFrom('case_file_contacts').selectAll().where('id', '=', contactId).where('case_file_id', '=', caseFileId).executeTakeFirst();
}

/** Stores the firm's answer only while the message has none: of two answers at the same moment exactly one wins (true). */
export async function saveContactReply(
  db: CaseFileDb,
  caseFileId: string,
  contactId: string,
  reply: { reply: string; replied_at: string; replied_by_name: string },
): Promise<boolean> {
  const result = await db
    .updateTable('case_file_contacts')
    .set(reply)
    .where('id', '=', contactId)
    .where('case_file_id', '=', caseFileId)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A message the firm started and the client's history entry about it, in one transaction. */
export async function insertFirmMessage(db: CaseFileDb, row: CaseFileFirmMessageTable, history: CaseFileHistoryTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('case_file_firm_messages').values(row).execute();
    await trx.insertInto('case_file_history').values(history).execute();
  });
}

/** A message the firm started, only if it belongs to the given case file (object-level check): another file's is not found. */
export async function findFirmMessage(db: CaseFileDb, caseFileId: string, messageId: string): Promise<CaseFileFirmMessageTable | undefined> {
  return db.selectFrom('case_file_firm_messages').selectAll().where('id', '=', messageId).where('case_file_id', '=', caseFileId).executeTakeFirst();
}

/** The messages the firm started in the file, newest first. */
export async function listFirmMessages(db: CaseFileDb, caseFileId: string): Promise<CaseFileFirmMessageTable[]> {
  return db
    .selectFrom('case_file_firm_messages')
    .selectAll()
    .where('case_file_id', '=', caseFileId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Sets the signature time only if none is set and the mandate is open: of parallel submissions exactly one gets
 * true, and none once the lawyer has ended the mandate (the caller reads the row again to tell which).
 */
export async function reserveSignature(db: CaseFileDb, id: string, signedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('case_files')
    .set({ power_of_attorney_signed_at: signedAt, updated_at: signedAt })
    .where('id', '=', id)
    .where('power_of_attorney_signed_at', 'is', null)
    .where('closed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back the reservation made with `signedAt` (and only that one). */
export async function releaseSignature(db: CaseFileDb, id: string, signedAt: string): Promise<void> {
  await db
    .updateTable('case_files')
    .set({ power_of_attorney_signed_at: null })
    .where('id', '=', id)
    .where('power_of_attorney_signed_at', '=', signedAt)
    .execute();
}

/**
 * True while the file still opens with the credentials a login checked: the same PIN hash and link token hash, not
 * withdrawn. A correction with a new PIN, a new link or a withdrawal that committed meanwhile ended the file's sessions
 * before the login's own existed (login.ts).
 */
export async function stillOpensWith(db: CaseFileDb, id: string, checked: Pick<CaseFileTable, 'pin_hash' | 'token_hash'>): Promise<boolean> {
  const row = await db
    .selectFrom('case_files')
    .select('id')
    .where('id', '=', id)
    .where('pin_hash', '=', checked.pin_hash)
    .where('token_hash', '=', checked.token_hash)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readLoginAttempts(db: CaseFileDb, id: string): Promise<Pick<CaseFileTable, 'failed_attempts' | 'locked_until'> | undefined> {
  return db.selectFrom('case_files').select(['failed_attempts', 'locked_until']).where('id', '=', id).executeTakeFirst();
}

/** Compare-and-set on failed_attempts: true when no other request changed the counter since it was read. */
export async function swapLoginAttempts(
  db: CaseFileDb,
  id: string,
  expectedFailures: number,
  next: { failures: number; lockedUntil: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('case_files')
    .set({ failed_attempts: next.failures, locked_until: next.lockedUntil })
    .where('id', '=', id)
    .where('failed_attempts', '=', expectedFailures)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearLoginFailures(db: CaseFileDb, id: string): Promise<void> {
  await db.updateTable('case_files').set({ failed_attempts: 0, locked_until: null }).where('id', '=', id).execute();
}

export async function recordConsent(db: CaseFileDb, id: string, consent: { privacyAt: string; termsAt: string }): Promise<void> {
  await db.updateTable('case_files').set({ consent_privacy_at: consent.privacyAt, consent_terms_at: consent.termsAt }).where('id', '=', id).execute();
}
