import type { Observable } from 'rxjs';
import type {
  ActiveChatEntry,
  CallbackEntry,
  ChatFieldOfLaw,
  ChatFileInfo,
  ChatMessage,
  Colleague,
  CreateCaseFileRequest,
  CreateCaseFileResult,
  FinishedChatEntry,
  LawyerCaseFileDetail,
  LawyerCaseFileSummary,
  LawyerProfile,
  Notification,
  QueueEntry,
  StartJoinResult,
  UpdateLawyerProfileRequest,
} from '../wire/index.js';
import type { Call } from './call.js';
import type { ConnectionState } from './chatHub.js';
import type { BlobLike } from './platform.js';

/** The lawyer API on the chat host (docs/api.md "Lawyer API"), as the console's workspace needs it. */
export interface LawyerApi {
  me(): Call<LawyerProfile>;
  queue(): Call<readonly QueueEntry[]>;
  activeChats(): Call<readonly ActiveChatEntry[]>;
  /** The lawyer's chats that ended in the last hours, shown again as ended tabs after a reload. */
  finishedChats(): Call<readonly FinishedChatEntry[]>;
  colleagues(): Call<readonly Colleague[]>;
  callbacks(): Call<readonly CallbackEntry[]>;
  setCallbackDone(callbackId: string, done: boolean): Call<void>;
  /** „Übernehmen“: takes on a callback nobody's call yet; a colleague who took it first → 409 `Conflict` naming them. */
  claimCallback(callbackId: string): Call<void>;
  /**
   * „Zurückgeben“: gives a callback the lawyer took from the list (`Claimed`) back to the firm; a colleague's → 403
   * `Forbidden`, a done one or one promised in its chat → 409 `Conflict`, each with a German message.
   */
  releaseCallback(callbackId: string): Call<void>;
  /** The whole case in order: bot part, both sides, system notices, files (across forwarded chats). */
  messages(caseId: string): Call<readonly ChatMessage[]>;
  uploadFile(chatId: string, file: BlobLike, fileName: string): Call<ChatFileInfo>;
  /** Address of a chat file for a download link (served as attachment with the lawyer's cookie). */
  fileUrl(fileId: string): string;
  createCaseFile(request: CreateCaseFileRequest): Call<CreateCaseFileResult>;
  /**
   * Corrects the field of law of a chat the lawyer holds (running or ended) to an id of FIELDS_OF_LAW; answers the field
   * as now stored. 400 with the server's German text for an id it does not know, 404 for a chat that is not the lawyer's.
   */
  changeFieldOfLaw(chatId: string, fieldOfLaw: number): Call<ChatFieldOfLaw>;
  caseFiles(): Call<readonly LawyerCaseFileSummary[]>;
  caseFile(caseFileId: string): Call<LawyerCaseFileDetail>;
  /** Download address of a case-file document (attachment, lawyer's cookie). */
  caseFileDocumentUrl(caseFileId: string, documentId: string): string;
  updateProfile(request: UpdateLawyerProfileRequest): Call<LawyerProfile>;
  uploadPhoto(file: BlobLike, fileName: string): Call<LawyerProfile>;
  removePhoto(): Call<LawyerProfile>;
}

/** The lawyer's hub connection ({chat host}signalr?as=lawyer). */
export interface LawyerHub {
  readonly connectionState$: Observable<ConnectionState>;
  /** Emits after an automatic reconnect: the server rebuilt the groups, the workspace re-reads. */
  readonly reconnected$: Observable<void>;
  readonly messages$: Observable<ChatMessage>;
  readonly notifications$: Observable<Notification>;
  readonly queueChanged$: Observable<void>;
  /** The id of a case file of this lawyer's that its client just changed (message, upload, data, Vollmacht …). */
  readonly caseFileChanged$: Observable<string>;
  /** Chat cases an administrator erased on the person's request (GDPR Art. 17): no tab or list may keep showing them. */
  readonly casesErased$: Observable<readonly string[]>;
  start(): Call<void>;
  stop(): Call<void>;
  /** As ChatHub.reconnectNow: the waiting automatic reconnect tries at once (a laptop woke up, the network is back). */
  reconnectNow(): Call<void>;
  acceptChat(chatId: string): Call<StartJoinResult>;
  /** clientId lets the server store a resend after a lost acknowledgement only once. */
  sendMessage(chatId: string, text: string, clientId: string): Call<ChatMessage>;
  sendTypingNotification(chatId: string): Call<void>;
  closeChat(chatId: string, requestPhoneNumber: boolean): Call<void>;
  forwardChat(chatId: string, lawyerId: string): Call<StartJoinResult>;
}
