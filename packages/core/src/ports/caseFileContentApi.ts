import type { Observable } from 'rxjs';
import type { Result } from '../result.js';
import type {
  CaseDetails,
  CaseDocument,
  ContactMessage,
  ContactEntry,
  HistoryEntry,
  PersonInfo,
  PersonUpdate,
  PowerOfAttorneySignature,
  Questionnaire,
  QuestionnaireAnswers,
} from '../wire/index.js';
import type { Call } from './call.js';
import type { BlobLike } from './platform.js';

/** A file the client picked; a browser File satisfies it. */
export interface UploadFile extends BlobLike {
  readonly name: string;
}

/** Events of one document upload: progress while the bytes go out, then the stored document. */
export type UploadEvent =
  { readonly _tag: 'Progress'; readonly loaded: number; readonly total: number } | { readonly _tag: 'Done'; readonly document: CaseDocument };

/**
 * How a read is made. `background`: the Fallakte's live refresh asked, not the client (casefile/liveRefresh.ts) – the
 * server does not count it as activity (header `X-Fallakte-Refresh: background`), so an open page never keeps an
 * idle session alive, and neither does the session-expiry watcher.
 */
export interface ReadOptions {
  readonly background?: boolean;
}

/** The content calls of the case file behind the PIN login (paths in docs/api.md "Case-file API"). */
export interface CaseFileContentApi {
  getCase(token: string, options?: ReadOptions): Call<CaseDetails>;
  getPerson(token: string, options?: ReadOptions): Call<PersonInfo>;
  updatePerson(token: string, update: PersonUpdate): Call<PersonInfo>;
  getHistory(token: string, options?: ReadOptions): Call<readonly HistoryEntry[]>;
  getDocuments(token: string, options?: ReadOptions): Call<readonly CaseDocument[]>;
  /** Emits Progress results and ends with Done, or emits one error Result. Unsubscribing aborts the upload. */
  uploadDocument(token: string, file: UploadFile): Observable<Result<UploadEvent>>;
  /** Removes the client's own upload while no lawyer has opened it (409 Conflict after that). */
  deleteDocument(token: string, documentId: string): Call<void>;
  /** Address of a stored document (a same-origin attachment download). */
  documentUrl(token: string, documentId: string): string;
  /** Address of the unsigned Vollmacht PDF. */
  powerOfAttorneyUrl(token: string): string;
  sendContact(token: string, message: ContactMessage): Call<void>;
  /** The client's messages to the firm, newest first, each with the firm's answer once there is one. */
  getContacts(token: string, options?: ReadOptions): Call<readonly ContactEntry[]>;
  /** The client opened „Kontakt“ (`messages`) or „Dokumente“ (`documents`): the firm's items there count as read (idempotent). */
  markSeen(token: string, screen: 'messages' | 'documents'): Call<void>;
  getQuestionnaire(token: string, options?: ReadOptions): Call<Questionnaire>;
  submitQuestionnaire(token: string, answers: QuestionnaireAnswers): Call<Questionnaire>;
  signPowerOfAttorney(token: string, signature: PowerOfAttorneySignature): Call<CaseDocument>;
}
