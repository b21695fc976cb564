import type { BotProgress, CallbackRequest, CaseStatus, ChatFileInfo, ChatMessage, TranscriptPost } from '../wire/index.js';
import type { BlobLike, UploadOptions } from './platform.js';
import type { Call } from './call.js';

/** REST calls on the chat host, all with credentials. */
export interface ChatHostApi {
  login(ticket: string): Call<void>;
  logout(): Call<void>;
  requestCallback(chatId: string, request: CallbackRequest): Call<void>;
  getFile(fileId: string): Call<BlobLike>;
  /**
   * Sends one file (multipart). `options.onProgress` hears the bytes go out; aborting `options.signal` (or
   * unsubscribing) aborts the request – the Call then completes without a Result.
   */
  uploadFile(chatId: string, file: BlobLike, fileName: string, options?: UploadOptions): Call<ChatFileInfo>;
  revokeFileForwarding(chatId: string): Call<void>;
  getCaseStatus(caseId: string): Call<CaseStatus>;
  getMessagesForCase(caseId: string): Call<readonly ChatMessage[]>;
  /** Stores bot transcript entries (a resend with the same ClientId is a no-op) and where the offboarding bot stands. */
  postTranscript(chatId: string, post: TranscriptPost): Call<void>;
  /** Where the case's offboarding bot stands, null when it has not started. */
  getBotProgress(caseId: string): Call<BotProgress | null>;
  /** URL of the lawyer's thumbnail; cached per (chatId, authorId). */
  getAgentImage(chatId: string, authorId: string): Call<string>;
}
