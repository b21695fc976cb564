// Queries of the deletion job (retention.ts): expired rows of every data class, chat and case-file tables alike.
// Each unit of work that must vanish together is one function running one transaction.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import { CASE_OWNED_TABLES } from '../chat/index.js';

const count = (result: readonly { numDeletedRows: bigint }[]) => result.reduce((n, r) => n + Number(r.numDeletedRows), 0);

// --- Chat cases ---

export async function expiredCaseIds(db: Db, now: string, limit: number): Promise<string[]> {
  return (await db.selectFrom('cases').select('id').where('retention_until', '<=', now).limit(limit).execute()).map((r) => r.id);
}

export async function uploadStorageNamesOfCase(db: Db, caseId: string): Promise<string[]> {
  return (await db.selectFrom('files').select('storage_name').where('case_id', '=', caseId).execute()).map((r) => r.storage_name);
}

/** The case with its messages, highlights, bot progress, callbacks, ratings, phones, file rows, protocol links and chats, in one transaction. */
export async function deleteChatCase(db: Db, caseId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of CASE_OWNED_TABLES) {
      await trx.deleteFrom(table).where('case_id', '=', caseId).execute();
    }
    await trx.deleteFrom('chats').where('case_id', '=', caseId).execute();
    await trx.deleteFrom('cases').where('id', '=', caseId).execute();
  });
}

// --- Case files ---

export async function expiredCaseFileIds(db: Db, now: string, limit: number): Promise<string[]> {
  return (await db.selectFrom('case_files').select('id').where('retention_until', '<=', now).limit(limit).execute()).map((r) => r.id);
}

export async function countCaseFileDocuments(db: Db, caseFileId: string): Promise<number> {
  return (await db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', caseFileId).execute()).length;
}

/** The case file's sessions, kept apart: the case-file session store is moving to the shared sessions table. */
/** The client's sessions on this file end with it (platform session store, subject = case file id). */
async function deleteSessionsOfCaseFile(trx: Transaction<Database>, caseFileId: string): Promise<void> {
  await trx.deleteFrom('sessions').where('kind', '=', 'casefile').where('subject_id', '=', caseFileId).execute();
}

/** The case file with its sessions, history, document rows, contacts and the firm's messages, in one transaction. */
export async function deleteCaseFile(db: Db, caseFileId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSessionsOfCaseFile(trx, caseFileId);
    for (const table of ['case_file_history', 'case_file_documents', 'case_file_contacts', 'case_file_firm_messages'] as const) {
      await trx.deleteFrom(table).where('case_file_id', '=', caseFileId).execute();
    }
    await trx.deleteFrom('case_files').where('id', '=', caseFileId).execute();
  });
}

// --- Expired rows of their own clock; each returns how many rows went ---

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  return count(await db.deleteFrom('sessions').where('expires_at', '<=', now).execute());
}

export async function deleteExpiredLoginTickets(db: Db, now: string): Promise<void> {
  await db.deleteFrom('login_tickets').where('expires_at', '<=', now).execute();
}

export async function deleteExpiredEntryTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('used_entry_tokens').where('expires_at', '<=', now).execute();
}

export async function deleteCaseFileLoginThrottleBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('case_file_login_throttle').where('window_started_at', '<=', before).execute());
}

export async function deleteLawyerLoginThrottleBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('lawyer_login_throttle').where('updated_at', '<=', before).execute());
}

/** Callback numbers without a case (those with one go with their case) left before `before`. */
export async function deleteCaseLessPhonesBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('second_level_phones').where('case_id', 'is', null).where('created_at', '<=', before).execute());
}

/**
 * Protocol confirmation links past their 48 hours that can no longer be renewed – used, renewed `maxRenewals` times,
 * or expired on or before `renewableUntil` – with the address they name.
 */
export async function deleteExpiredProtocolConfirmations(db: Db, now: string, renewableUntil: string, maxRenewals: number): Promise<number> {
  return count(
    await db
      .deleteFrom('protocol_mail_confirmations')
      .where('expires_at', '<=', now)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('renewals', '>=', maxRenewals), eb('expires_at', '<=', renewableUntil)]))
      .execute(),
  );
}

/** Confirmed protocol addresses no protocol went to since `before`. */
export async function deleteConfirmedAddressesUnusedSince(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('confirmed_protocol_addresses').where('last_used_at', '<=', before).execute());
}

export async function deleteAccessLogBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('case_file_access_log').where('accessed_at', '<=', before).execute());
}
