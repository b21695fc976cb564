import type { Observable } from 'rxjs';
import type {
  CaseDocument,
  Colleague,
  HandedOverCaseFile,
  CreateCaseFileResult,
  DeviceSession,
  EndedSessions,
  EnrolledProfile,
  LawyerCaseFileContact,
  FirmMessage,
  FirmMessageRequest,
  LawyerCaseFileDetail,
  LawyerProfile,
  MfaEnrolment,
  Passkey,
  RecoveryCodes,
  SignedInProfile,
  StepUp,
  TotpSetup,
  TotpStatus,
  UpdateCaseFileClientRequest,
  UpdateCaseFileClientResult,
  WebAuthnOptions,
  WithdrawnCaseFile,
} from '../wire/index.js';
import type { Call } from './call.js';
import type { BlobLike } from './platform.js';

/** The login's body: `TotpCode` only for lawyers with a second factor, `WebAuthn` (a passkey's assertion) in its place. */
export interface LawyerLogin {
  readonly Email: string;
  readonly Password: string;
  readonly TotpCode?: string;
  readonly WebAuthn?: unknown;
}

/** Signing in and out on the chat host (docs/api.md "Lawyer API"); the session lives in a cookie. */
export interface LawyerSessionApi {
  /** The signed-in lawyer, or null without a session. */
  whoAmI(): Call<LawyerProfile | null>;
  /** A lawyer who must set up the second factor first gets the enrolment instead of the profile (no session yet). */
  login(request: LawyerLogin): Call<SignedInProfile | MfaEnrolment>;
  /** Request options for a login with a passkey; shaped alike for every address, so they tell nothing about the account. */
  passkeyLoginOptions(email: string): Call<WebAuthnOptions>;
  /** Second step of such a login: the first code from the authenticator app; the session starts on success. */
  completeEnrolment(enrolmentToken: string, code: string): Call<EnrolledProfile>;
  logout(): Call<void>;
}

/** The signed-in lawyer's own account security (profile screen): password, devices, second factor, passkeys. */
export interface LawyerAccountApi {
  /** 400 `CurrentPasswordWrong` or a policy code (`PasswordTooShort` …); 429 while the account waits. */
  changePassword(currentPassword: string, newPassword: string): Call<void>;
  sessions(): Call<readonly DeviceSession[]>;
  endSession(id: string): Call<void>;
  endOtherSessions(): Call<EndedSessions>;
  totpStatus(): Call<TotpStatus>;
  /** Setting up the authenticator app needs the password first (a session alone must not enrol another authenticator). */
  totpSetup(stepUp: { readonly CurrentPassword: string }): Call<TotpSetup>;
  /** Confirms the factor; the answer holds the recovery codes, to be shown once. */
  totpConfirm(code: string): Call<RecoveryCodes>;
  totpDisable(code: string): Call<void>;
  /** Replaces all recovery codes; 400 `CurrentPasswordWrong` or a wrong code, 429 while the account waits. */
  renewRecoveryCodes(stepUp: StepUp): Call<RecoveryCodes>;
  passkeys(): Call<readonly Passkey[]>;
  /** Creation options for a new passkey after the step-up; 400 `CurrentPasswordWrong`, 429 while the account waits. */
  passkeyRegistrationOptions(stepUp: StepUp): Call<WebAuthnOptions>;
  /** The browser's answer to those options, with the lawyer's label for the key. */
  registerPasskey(response: unknown, name: string): Call<Passkey>;
  /** Needs the same step-up as adding one; 409 when it is the last second factor under LAWYER_MFA=required. */
  removePasskey(id: string, stepUp: StepUp): Call<void>;
}

/**
 * What a case file's lawyer changes on it: the mandate (ending starts the deletion deadline; both answer the file as it
 * is now), the client's name and phone (PUT …/client), the client's link (POST …/new-link), withdrawing a file
 * created by mistake (POST …/withdraw), the documents the firm shares into the Fallakte (POST …/documents) or takes
 * back (DELETE …/documents/{documentId}) and its answers to the client's messages (POST …/contacts/{id}/reply).
 */
export interface MandateApi {
  endMandate(caseFileId: string): Call<LawyerCaseFileDetail>;
  reopenMandate(caseFileId: string): Call<LawyerCaseFileDetail>;
  correctClient(caseFileId: string, request: UpdateCaseFileClientRequest): Call<UpdateCaseFileClientResult>;
  /** A new link replaces the old one (which stops working), ends the client's sessions and the PIN lock; shown once. */
  newLink(caseFileId: string): Call<CreateCaseFileResult>;
  /** 409 `CaseFileInUse` once the client has signed in, 409 `AlreadyWithdrawn`, 400 for a missing or too long reason. */
  withdraw(caseFileId: string, reason: string): Call<WithdrawnCaseFile>;
  /**
   * Shares a document into the client's Fallakte, with an optional short note (POST …/documents, multipart): checked
   * like a client's upload; 409 while the mandate is ended.
   */
  shareDocument(caseFileId: string, file: BlobLike, fileName: string, note: string): Call<CaseDocument>;
  /**
   * Takes back a document the firm shared by mistake: its bytes are deleted, it leaves the client's and the lawyer's
   * lists, and the client's history says so. 409 `NotSharedByFirm` for the client's uploads and the Vollmacht, 404 once
   * it is gone.
   */
  withdrawSharedDocument(caseFileId: string, documentId: string): Call<void>;
  /** The firm's answer to one of the client's messages, which the client reads in the Fallakte; 409 when it has one. */
  replyToContact(caseFileId: string, contactId: string, text: string): Call<LawyerCaseFileContact>;
  /** The other active lawyers of the firm (GET api/lawyer/colleagues): whom a file can be handed over to. */
  colleagues(): Call<readonly Colleague[]>;
  /**
   * Hands the file over to the colleague `toLawyerId`, with an optional note for them (empty: none). 400 `UnknownColleague`
   * for someone who is no active lawyer of the firm, 409 `SameLawyer` for the file's own lawyer, 404 for a file that is not
   * the lawyer's (any more) or was withdrawn.
   */
  handOver(caseFileId: string, toLawyerId: string, note: string): Call<HandedOverCaseFile>;
  /** A message the firm starts (e.g. asking for a missing document), which the client reads and answers under „Kontakt“. */
  writeToClient(caseFileId: string, request: FirmMessageRequest): Call<FirmMessage>;
}

/** Why the browser's passkey dialog gave no answer. `Unavailable`: its code could not be loaded (offline). */
export type PasskeyFailure = 'Cancelled' | 'AlreadyRegistered' | 'Insecure' | 'Unsupported' | 'Failed' | 'Unavailable';

export type PasskeyCeremony = { readonly ok: true; readonly response: unknown } | { readonly ok: false; readonly failure: PasskeyFailure };

/** The browser's passkey dialogs; each emits one outcome and completes. */
export interface PasskeyDialogs {
  /** Creates a passkey for the server's creation options. */
  create(options: WebAuthnOptions): Observable<PasskeyCeremony>;
  /** Signs the server's login challenge with one of the allowed keys. */
  authenticate(options: WebAuthnOptions): Observable<PasskeyCeremony>;
}
