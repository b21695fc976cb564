import type {
  ClassifyResult,
  CurrentUser,
  CustomerLoginRequest,
  ProtocolConfirmationInfo,
  ProtocolConfirmed,
  PublicSettings,
  RatingRequest,
  ServiceHours,
} from '../wire/index.js';
import type { BlobLike } from './platform.js';
import type { Call } from './call.js';

/** How a protocol request went: mailed (or mailed before), or a confirmation mail went to the address first (202). */
export type ProtocolRequestOutcome = 'sent' | 'confirmationPending';

/** The product API on the web origin. */
export interface ProductApi {
  getPublicSettings(): Call<PublicSettings>;
  /** Base address of the chat host, always with a trailing slash; fetched once and cached. */
  getChatUrl(): Call<string>;
  getCurrentUser(): Call<CurrentUser | null>;
  loginCustomer(request: CustomerLoginRequest): Call<CurrentUser>;
  getServiceHours(): Call<ServiceHours>;
  /** One-time ticket for the chat host's api/login. */
  getChatSessionTicket(): Call<string>;
  logout(): Call<void>;
  /** Times out after 10 s; the use case falls back to field of law 2. */
  classify(text: string): Call<ClassifyResult>;
  sendProtocol(caseId: string, email: string): Call<ProtocolRequestOutcome>;
  /** The protocol mail's double opt-in: what the link of the confirmation mail (its token) sends where. */
  inspectProtocolConfirmation(token: string): Call<ProtocolConfirmationInfo>;
  /** Confirms the link: the protocol is mailed to its address. */
  confirmProtocolMail(token: string): Call<ProtocolConfirmed>;
  /** An expired link: a new confirmation mail goes to the address it was for (the answer names it and the new end). */
  renewProtocolConfirmation(token: string): Call<ProtocolConfirmationInfo>;
  saveRating(request: RatingRequest): Call<void>;
  saveSecondLevelPhone(caseId: string, phone: string): Call<void>;
  downloadUsageConfirmation(caseId: string): Call<BlobLike>;
  /** /protokoll: the PDF transcript of one of the signed-in participant's cases, by the reference on the PDFs. */
  downloadProtocol(reference: string): Call<BlobLike>;
  /** Second level by link parameter (no case): POST /api/chat/secondLevel/param/{param}. */
  saveSecondLevelPhoneByParam(param: string, phone: string): Call<void>;
}
