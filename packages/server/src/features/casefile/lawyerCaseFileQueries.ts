// Queries behind the lawyer's view of case files: the assigned files, their counts and contacts, the audit trail,
// the client's last change of their contact data, and the chat a new file may be linked to.
import type { CaseFileAccessLogTable, CaseFileContactTable, CaseFileTable } from './tables.js';
import type { Db, Engine } from '../../platform/storage/database.js';
import type { CaseFileDb } from './caseFileQueries.js';

/** The lawyer's files; a withdrawn one (withdrawal.ts) is gone from the list. */
export async function listAssignedCaseFiles(db: CaseFileDb, lawyerId: string, limit: number): Promise<CaseFileTable[]> {
  return db
    .selectFrom('case_files')
    .selectAll()
    .where('lawyer_id', '=', lawyerId)
    .where('withdrawn_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The case file only if it is assigned to the lawyer and not withdrawn. */
export async function findAssignedCaseFile(db: CaseFileDb, lawyerId: string, caseFileId: string): Promise<CaseFileTable | undefined> {
  return db
    .selectFrom('case_files')
    .selectAll()
    .where('id', '=', caseFileId)
    .where('lawyer_id', '=', lawyerId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
}

export async function countRowsOfCaseFile(db: CaseFileDb, table: 'case_file_documents' | 'case_file_contacts', caseFileId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('case_file_id', '=', caseFileId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listContacts(db: CaseFileDb, caseFileId: string): Promise<CaseFileContactTable[]> {
  return db.selectFrom('case_file_contacts').selectAll().where('case_file_id', '=', caseFileId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function insertAccessLog(db: CaseFileDb, row: CaseFileAccessLogTable): Promise<void> {
  await db.insertInto('case_file_access_log').values(row).execute();
}

export async function listAccessLog(db: CaseFileDb, caseFileId: string): Promise<CaseFileAccessLogTable[]> {
  return db.selectFrom('case_file_access_log').selectAll().where('case_file_id', '=', caseFileId).orderBy('id', 'desc').execute();
}

/** When the history last recorded an entry of this kind (e.g. 'PersonUpdated'), or null. */
export async function lastHistoryAt(db: CaseFileDb, caseFileId: string, kind: string): Promise<string | null> {
  const row = await db
    .selectFrom('case_file_history')
    .select('created_at')
    .where('case_file_id', '=', caseFileId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Whether the lawyer took (holds or held) a chat of this chat case; forwarded chats count for each lawyer who had them. */
export async function lawyerHadChatOfCase(db: Db, lawyerId: string, chatCaseId: string): Promise<boolean> {
  const row = await db.selectFrom('chats').select('id').where('case_id', '=', chatCaseId).where('lawyer_id', '=', lawyerId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A case file created from a chat case, for the chats of that case (the console names it beside the chat). */
export interface CaseFileOfChatCase {
  readonly chatCaseId: string;
  readonly id: string;
  readonly caseNumber: string;
  readonly lawyerId: string | null;
  readonly lawyerName: string;
  readonly createdAt: string;
}

/** The case files created from these chat cases, oldest first; withdrawn ones are not named. */
export async function caseFilesOfChatCases(db: Db, chatCaseIds: readonly string[]): Promise<CaseFileOfChatCase[]> {
  if (chatCaseIds.length === 0) return [];
  const rows = await db
    .selectFrom('case_files')
    .select(['chat_case_id', 'id', 'case_number', 'lawyer_id', 'lawyer_name', 'created_at'])
    .where('chat_case_id', 'in', [...chatCaseIds])
    .where('withdrawn_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    chatCaseId: r.chat_case_id ?? '',
    id: r.id,
    caseNumber: r.case_number,
    lawyerId: r.lawyer_id,
    lawyerName: r.lawyer_name,
    createdAt: r.created_at,
  }));
}

/** The lawyer as the client sees them in the Fallakte (name, salutation, e-mail, phone, picture). */
export interface CaseFileLawyerShown {
  readonly name: string;
  readonly gender: string;
  readonly email: string;
  readonly phone: string;
  readonly imageUrl: string;
}

/**
 * Writes the lawyer's profile as it is now into every case file assigned to them, open or ended (the client keeps
 * reading an ended one): a new photo deletes the old one, and a changed phone number must not send clients to the old
 * line. Answers how many files changed.
 */
export async function showLawyerInTheirCaseFiles(db: CaseFileDb, lawyerId: string, shown: CaseFileLawyerShown): Promise<number> {
  const result = await db
    .updateTable('case_files')
    .set({
      lawyer_name: shown.name,
      lawyer_gender: shown.gender,
      lawyer_email: shown.email,
      lawyer_phone: shown.phone,
      lawyer_image_url: shown.imageUrl,
    })
    .where('lawyer_id', '=', lawyerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The case numbers of the files already made from this chat case (a withdrawn one does not count), read inside the transaction that makes a new one
 * (createCaseFile's `beforeInsert`) and holding the chat case against a second creation until it commits: PostgreSQL
 * locks the case's row (`for update`), so of two creations at the same moment the second reads after the first's
 * insert; SQLite's one connection runs the whole transaction alone anyway.
 */
export async function caseFilesOfChatCaseHeld(trx: Db, engine: Engine, chatCaseId: string): Promise<string[]> {
  if (engine === 'postgres') await trx.selectFrom('cases').select('id').where('id', '=', chatCaseId).forUpdate().execute();
  const rows = await trx
    .selectFrom('case_files')
    .select('case_number')
    .where('chat_case_id', '=', chatCaseId)
    .where('withdrawn_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.case_number);
}
