// Lawyer access to case files: every read passes this one gate, which checks that the case
// file is assigned to the lawyer and writes the audit row (who, which file, what, when) before any data is
// handed out. A read whose audit row cannot be written fails, so there is no unaudited read.
import { caseReferenceOf, type LawyerCaseFileDetail, type LawyerCaseFileSummary } from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { newSortableId } from '../../platform/ids.js';
import { displayPhoneNumber } from '../../platform/phone.js';
import type { CaseFileTable } from './tables.js';
import type { CaseFileDb as Db } from './caseFileQueries.js';
import { listDocuments } from './documents.js';
import { toLawyerContact } from './contactThreads.js';
import { listFirmMessages } from './caseFileQueries.js';
import { toFirmMessage } from './firmMessages.js';
import {
  countRowsOfCaseFile,
  findAssignedCaseFile,
  insertAccessLog,
  lastHistoryAt,
  listAccessLog,
  listAssignedCaseFiles,
  listContacts,
} from './lawyerCaseFileQueries.js';

/** The history kind the client's own change of e-mail or address writes (clientActions.ts). */
const PERSON_UPDATED = 'PersonUpdated';

/**
 * 'close' and 'reopen': the lawyer ended or reopened the mandate (mandate.ts); 'client': corrected the client's name
 * or phone number (clientDetails.ts); 'link': replaced the client's link (newLink.ts); 'share': shared the document
 * `documentId` into the client's Fallakte (sharedDocuments.ts; audited before it is checked, so a refused file leaves
 * the attempt); 'reply': answered a message of the client (contactReplies.ts); 'message': wrote the client a message of
 * the firm's own (firmMessages.ts). Each also hands the file out.
 * 'withdraw': the file's lawyer or an administrator withdrew it, or tried to (withdrawal.ts); hands nothing out.
 * 'unshare': the file's lawyer withdrew the shared document `documentId`, or tried to (sharedDocumentWithdrawal.ts;
 * audited before it is checked, like 'share'); hands nothing out.
 * 'handover': the file's lawyer or an administrator handed it over to a colleague, or tried to (handover.ts).
 */
export type CaseFileAccessAction =
  'view' | 'document' | 'close' | 'reopen' | 'client' | 'link' | 'withdraw' | 'share' | 'unshare' | 'reply' | 'message' | 'handover';

export interface CaseFileAccess {
  readonly lawyerId: string;
  readonly caseFileId: string;
  readonly action: CaseFileAccessAction;
  readonly documentId?: string;
  /** The lawyer's address as the server saw it (pseudonymous actor detail for incident handling). */
  readonly ip?: string;
}

export async function recordCaseFileAccess(db: Db, clock: Clock, access: CaseFileAccess): Promise<void> {
  const now = clock.now();
  await insertAccessLog(db, {
    id: newSortableId(now),
    case_file_id: access.caseFileId,
    lawyer_id: access.lawyerId,
    action: access.action,
    document_id: access.documentId ?? null,
    ip: access.ip ?? null,
    accessed_at: now.toISOString(),
  });
}

/**
 * The case file if it is assigned to the lawyer, after its access has been audited. Someone else's file
 * and a file that does not exist answer the same 404, so ids cannot be probed.
 */
export async function openCaseFileForLawyer(db: Db, clock: Clock, access: CaseFileAccess): Promise<CaseFileTable> {
  const row = await findAssignedCaseFile(db, access.lawyerId, access.caseFileId);
  if (!row) throw notFound('Die Fallakte');
  await recordCaseFileAccess(db, clock, access);
  return row;
}

export interface CaseFileAccessEntry {
  readonly LawyerId: string;
  readonly Action: string;
  readonly DocumentId: string | null;
  readonly AccessedAt: string;
}

/** The trail of one case file, newest first (for the operator's Art. 15 answers and incident handling). */
export async function listCaseFileAccess(db: Db, caseFileId: string): Promise<CaseFileAccessEntry[]> {
  const rows = await listAccessLog(db, caseFileId);
  return rows.map((r) => ({ LawyerId: r.lawyer_id, Action: r.action, DocumentId: r.document_id, AccessedAt: r.accessed_at }));
}

function answersOf(row: CaseFileTable): LawyerCaseFileDetail['Questionnaire']['Answers'] {
  try {
    const parsed: unknown = row.questionnaire_json ? JSON.parse(row.questionnaire_json) : {};
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LawyerCaseFileDetail['Questionnaire']['Answers']) : {};
  } catch {
    return {};
  }
}

/** The lawyer's list: the newest 500 files assigned to them, with what the client has sent so far. */
export async function listCaseFilesOfLawyer(db: Db, lawyerId: string): Promise<LawyerCaseFileSummary[]> {
  const rows = await listAssignedCaseFiles(db, lawyerId, 500);
  return Promise.all(
    rows.map(async (row) => ({
      CaseId: row.id,
      CaseNumber: row.case_number,
      Title: row.title,
      ClientName: `${row.first_name} ${row.last_name}`,
      Created: row.created_at,
      DocumentCount: await countRowsOfCaseFile(db, 'case_file_documents', row.id),
      QuestionnaireSubmitted: row.questionnaire_submitted_at !== null,
      ContactCount: await countRowsOfCaseFile(db, 'case_file_contacts', row.id),
      PowerOfAttorneySignedAt: row.power_of_attorney_signed_at,
      Closed: row.closed === 1,
      ClosedAt: row.closed_at ?? null,
    })),
  );
}

/**
 * One file as the lawyer sees it; `row` comes from openCaseFileForLawyer, so the read is already audited. The
 * contact data are the row as stored now, so what the client changed under "Persönliche Daten" shows at once.
 * `LoginLockedUntil`: the end of a PIN lock still running at `now` (login.ts), else null.
 */
export async function lawyerCaseFileDetail(db: Db, row: CaseFileTable, now: Date): Promise<LawyerCaseFileDetail> {
  const contacts = await listContacts(db, row.id);
  const firmMessages = await listFirmMessages(db, row.id);
  return {
    CaseId: row.id,
    CaseNumber: row.case_number,
    Title: row.title,
    Description: row.description,
    FieldOfLaw: row.field_of_law,
    FirstName: row.first_name,
    LastName: row.last_name,
    Phone: row.phone,
    PhoneDisplay: displayPhoneNumber(row.phone),
    Email: row.email,
    Street: row.street,
    PostalCode: row.postal_code,
    City: row.city,
    PersonUpdatedAt: await lastHistoryAt(db, row.id, PERSON_UPDATED),
    ChatCaseReference: row.chat_case_id ? caseReferenceOf(row.chat_case_id) : null,
    Created: row.created_at,
    Documents: await listDocuments(db, row.id),
    Questionnaire: { Submitted: row.questionnaire_submitted_at !== null, SubmittedAt: row.questionnaire_submitted_at, Answers: answersOf(row) },
    Contacts: contacts.map((contact) => toLawyerContact(contact, firmMessages)),
    FirmMessages: firmMessages.map(toFirmMessage),
    PowerOfAttorneySignedAt: row.power_of_attorney_signed_at,
    Closed: row.closed === 1,
    ClosedAt: row.closed_at ?? null,
    RetentionUntil: row.closed === 1 ? row.retention_until : null,
    LoginLockedUntil: row.locked_until !== null && Date.parse(row.locked_until) > now.getTime() ? row.locked_until : null,
    // The last hand-over (handover.ts), for the lawyer who has the file now.
    ...(row.handed_over_at && row.handed_over_by_name
      ? { HandedOver: { From: row.handed_over_by_name, At: row.handed_over_at, Note: row.handover_note ?? null } }
      : {}),
  };
}
