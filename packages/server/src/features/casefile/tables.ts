// The case-file feature's Kysely table interfaces (migration 0002_case_file and later columns). Booleans are integers
// 0/1 and times ISO 8601 UTC text so SQLite and PostgreSQL share one schema. The migrations stay in
// platform/storage/migrations (one ordered list for both engines).
import type { Database } from '../../platform/storage/database.js';

/** `retention_until` of a case file whose mandate is open (migration 0011): later than any clock, so never due. */
export const OPEN_MANDATE_RETENTION_UNTIL = '9999-12-31T23:59:59.999Z';

export interface CaseFileTable {
  id: string;
  /** sha256 (base64url) of the link token; migration 0008 re-encoded the older hex values. */
  token_hash: string;
  case_number: string;
  title: string;
  description: string;
  field_of_law: string;
  status: string;
  closed: number;
  opponent: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  pin_hash: string;
  lawyer_id: string | null;
  lawyer_name: string;
  lawyer_gender: string;
  lawyer_email: string;
  lawyer_phone: string;
  lawyer_image_url: string;
  failed_attempts: number;
  locked_until: string | null;
  consent_privacy_at: string | null;
  consent_terms_at: string | null;
  questionnaire_json: string | null;
  questionnaire_submitted_at: string | null;
  power_of_attorney_signed_at: string | null;
  /** The chat case the lawyer created the file from (migration 0010); null or absent: created without a chat. */
  chat_case_id?: string | null;
  /** When the lawyer ended the mandate (migration 0011); null or absent while it is open (`closed` = 0). */
  closed_at?: string | null;
  /** Deletion deadline: caseFileRetentionUntil(closed_at) once ended, OPEN_MANDATE_RETENTION_UNTIL while open. */
  retention_until: string;
  /** When the file was withdrawn as created by mistake (migration 0038, withdrawal.ts); null or absent: it stands. */
  withdrawn_at?: string | null;
  /** The last hand-over to a colleague (migration 0042, handover.ts): when, from whom (their name) and the note for the new lawyer; null or absent: never. */
  handed_over_at?: string | null;
  handed_over_by_name?: string | null;
  handover_note?: string | null;
  /** What the client has seen of the firm's news (migration 0050, unreadQueries.ts): „Kontaktieren Sie uns“ and „Dokumente“ last opened; null or absent: never. */
  client_seen_messages_at?: string | null;
  client_seen_documents_at?: string | null;
  created_at: string;
  updated_at: string;
}

export interface CaseFileHistoryTable {
  id: string;
  case_file_id: string;
  created_at: string;
  kind: string;
  title: string;
  text: string;
}

export interface CaseFileDocumentTable {
  id: string;
  case_file_id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_by: string;
  created_at: string;
  /** When a lawyer first fetched the document (migration 0020); null: the client may still remove their own upload. */
  seen_by_firm_at: string | null;
  /** A document the lawyer shared (migration 0039): the lawyer's name as the client saw it then; else null or absent. */
  shared_by_name?: string | null;
  /** The lawyer's short note to a shared document (migration 0039); else null or absent. */
  note?: string | null;
}

export interface CaseFileContactTable {
  id: string;
  case_file_id: string;
  subject: string;
  message: string;
  created_at: string;
  mailed: number;
  /** The firm's answer (migration 0040): its text, when, and the lawyer as the client saw them; null or absent until then. */
  reply?: string | null;
  replied_at?: string | null;
  replied_by_name?: string | null;
  /** The firm's message this one answers (migration 0045): an id of `case_file_firm_messages` of the same file; null or absent: none. */
  in_reply_to?: string | null;
}

/** A message the firm started in the Fallakte (migration 0043); the client answers it with the contact form. */
export interface CaseFileFirmMessageTable {
  id: string;
  case_file_id: string;
  subject: string;
  text: string;
  created_at: string;
  /** The lawyer's name as the client saw it when the message was written. */
  written_by_name: string;
}

/** Failed PIN attempts per source address in the current window (the per-IP limit, shared across processes). */
export interface CaseFileLoginThrottleTable {
  address: string;
  window_started_at: string;
  failures: number;
}

/** One row per lawyer read of a case file; never the content that was read. */
export interface CaseFileAccessLogTable {
  id: string;
  case_file_id: string;
  lawyer_id: string;
  /** 'view' (case data, person, history, document list) or 'document' (one document's bytes). */
  action: string;
  document_id: string | null;
  ip: string | null;
  accessed_at: string;
}

/** The case file's tables on their own: the Kysely type of code that touches no other table (CaseFileDb). */
export type CaseFileTables = Pick<
  Database,
  | 'case_files'
  | 'case_file_history'
  | 'case_file_documents'
  | 'case_file_contacts'
  | 'case_file_firm_messages'
  | 'case_file_login_throttle'
  | 'case_file_access_log'
>;

declare module '../../platform/storage/database.js' {
  /** The case-file feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    case_files: CaseFileTable;
    case_file_history: CaseFileHistoryTable;
    case_file_documents: CaseFileDocumentTable;
    case_file_contacts: CaseFileContactTable;
    case_file_firm_messages: CaseFileFirmMessageTable;
    case_file_login_throttle: CaseFileLoginThrottleTable;
    case_file_access_log: CaseFileAccessLogTable;
  }
}
