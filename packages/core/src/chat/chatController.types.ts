// The contract between the core chat use case and the React chat screen.
// The web app renders ChatViewState and calls ChatCommands; all logic lives in core.
import type { Observable } from 'rxjs';
import type { ConnectionState } from '../ports/chatHub.js';
import type { BlobLike } from '../ports/platform.js';
import type { Call } from '../ports/call.js';
import type { AvailabilitySlot, ResponseType } from '../wire/index.js';

/** 0 onboarding bot, 1 live chat with a lawyer (or history), 2 offboarding bot. */
export type ChatPhase = 0 | 1 | 2;

export type MessageKind = 'bot' | 'participant' | 'lawyer' | 'information' | 'file' | 'forwarded';

export interface DisplayMessage {
  /** Server id, or a local id for bot messages and unacknowledged participant messages. */
  readonly id: string;
  readonly kind: MessageKind;
  /** Plain text (never HTML). For bot messages this is the i18n key; `params` fill its placeholders. */
  readonly text: string;
  readonly isI18nKey: boolean;
  readonly params?: Readonly<Record<string, string>>;
  readonly authorId?: string;
  readonly authorName?: string;
  /** ISO 8601 */
  readonly created: string;
  readonly highlighted: boolean;
  readonly fileId?: string;
  readonly fileName?: string;
  /** True while a participant message waits for the server's acknowledgement. */
  readonly pending: boolean;
  /** A participant message the server refused because the chat had ended meanwhile: shown, never delivered. */
  readonly notSent?: boolean;
  /** The participant's own message of another kind (their upload): shown as "Sie", on the right. */
  readonly own?: boolean;
  /** A server message's ClientId; for bot transcript entries it is the local bot entry id. */
  readonly clientId?: string;
}

export interface CallbackConfirmation {
  readonly phone: string;
  readonly availability: string;
}

export interface InactivityWarning {
  readonly stage: 1 | 2;
  readonly secondsLeft: number;
}

/**
 * 'offline': the device reports no network (messages are kept and sent when it is back);
 * 'reconnecting': the hub is connecting again; 'disconnected': it gave up retrying.
 */
/** `capped`: the hub refused the start because the address holds too many connections; it is tried again by itself. */
export type ConnectionNotice = 'offline' | 'reconnecting' | 'disconnected' | 'capped';

/**
 * How a closed chat ended, for its closing line: 'consultation' – a lawyer took part; 'callback' – the participant
 * booked a callback while waiting, before any lawyer joined; 'withoutConsultation' – it closed while waiting otherwise
 * (e.g. the queue was left). Neither of the last two may thank for a consultation that did not take place.
 */
export type ChatEnding = 'consultation' | 'callback' | 'withoutConsultation';

export interface ChatViewState {
  readonly phase: ChatPhase;
  readonly caseId: string | null;
  readonly chatId: string | null;
  readonly messages: readonly DisplayMessage[];
  /** Bot "typing" while a bot message waits for its delay. */
  readonly botTyping: boolean;
  /** Lawyer typing indicator, shown 2.5 s after each IsTyping notification (and ended by the lawyer's message). */
  readonly lawyerTyping: boolean;
  /** The name the lawyer joined with, once known: the typing line names them. */
  readonly lawyerName: string | null;
  /** Which response bar to show; null hides it (e.g. while the bot types). */
  readonly responseType: ResponseType | null;
  /** Once the case is closed: how it ended, which chooses the closing line shown with `responseType: 'Done'`. */
  readonly ending: ChatEnding | null;
  readonly lawyerConnected: boolean;
  readonly caseClosed: boolean;
  readonly connection: ConnectionState;
  /** What the notice by the response bar says about the connection; null while connected. */
  readonly connectionNotice: ConnectionNotice | null;
  /** With 'capped': the seconds after which the start is tried again by itself. */
  readonly connectionRetrySeconds: number | null;
  /** With 'disconnected': the server's German reason when it ended the connection for good (data erased, link revoked). */
  readonly closedByServer: string | null;
  /** In phase 1 before a lawyer joined: the queue view. */
  readonly waitingForLawyer: boolean;
  /** True 59 s after waiting began. */
  readonly callbackOffered: boolean;
  /** While waiting: the request's place in the lawyers' queue (1 = next), once the server said it; else null. */
  readonly queuePosition: number | null;
  /** While waiting: the median wait of the chats lawyers took lately, in minutes, when the server had enough to say it. */
  readonly expectedWaitMinutes: number | null;
  readonly callbackRequested: boolean;
  /** What the confirmation page chat/rueckruf shows once a callback was arranged (phone as the participant reads it). */
  readonly callbackConfirmation: CallbackConfirmation | null;
  readonly fileForwardingQuestion: boolean;
  readonly inactivity: InactivityWarning | null;
  /** 15 before a lawyer joined, 1 after. */
  readonly minTextLength: number;
  readonly maxTextLength: number;
  /** A command is running; its buttons are disabled. */
  readonly busy: boolean;
  /** i18n key of the last error to show, if any. */
  readonly errorKey: string | null;
  readonly requestPhoneNumber: boolean;
  readonly secondLevelEnabled: boolean;
  readonly ratingSaved: boolean;
  /** Usage confirmation PDF can be downloaded (after the chat was closed). */
  readonly usageConfirmationAvailable: boolean;
  /**
   * The intake ended, but this person's consultation already runs (another tab or window started it): the case to go
   * to instead. The server allows one consultation at a time per person.
   */
  readonly runningChatCaseId: string | null;
  /**
   * The file whose upload runs (null otherwise): on mobile data a few megabytes take half a minute or more, and the
   * screen says so instead of only greying out the buttons.
   */
  readonly uploadingFileName: string | null;
  /** How much of that file has been sent, 0–100 (whole numbers; the screen shows it as a progress bar). */
  readonly uploadPercent: number;
  /** The file whose upload the person cancelled („Hochladen abgebrochen.“), until the next upload starts. */
  readonly cancelledUploadFileName: string | null;
}

/** Outcome of a checked submit: sent, or the i18n key to show. */
export type SettledOutcome = { readonly ok: true } | { readonly ok: false; readonly errorKey: string };

/**
 * A phone number submitted before the numbering plan has loaded is held ('held'): the view keeps the
 * input and waits for `settled`, which emits once (then completes) when the number has been checked.
 */
export type SubmitOutcome = SettledOutcome | { readonly ok: 'held'; readonly settled: Observable<SettledOutcome> };

export interface ChatCommands {
  /** Starts a new chat (no caseId) or joins the latest chat of a case. `route` is pinged every 10 s. */
  start(options: { readonly caseId?: string; readonly route: string }): void;
  setRoute(route: string): void;
  /**
   * The controller's clock (its scheduler) in epoch ms: the callback form offers from it the days and time windows that
   * have not ended yet – the same time requestCallback checks against.
   */
  now(): number;
  /** Validates and sends text for the current response type (Text, EMail, PhoneNumber, or a live message). */
  submitText(text: string): SubmitOutcome;
  /** Skip buttons: send the skip text without validation. */
  skip(): void;
  answerYesNo(yes: boolean): void;
  submitRating(stars: number, comment?: string): void;
  requestCallback(form: { readonly phone: string; readonly date: string; readonly slot: AvailabilitySlot }): SubmitOutcome;
  answerFileForwarding(allow: boolean): void;
  /** "Ich bin noch da" in the inactivity dialog. */
  stayActive(): void;
  /** The participant typed in the input (debounced to one notification per 2 s). */
  userTyping(): void;
  uploadFile(file: BlobLike, fileName: string): void;
  /** „Abbrechen“: aborts the running upload (the server stores nothing of it); the person may pick a file again. */
  cancelUpload(): void;
  downloadUsageConfirmation(): Call<BlobLike>;
  dismissError(): void;
  dispose(): void;
}

export interface ChatController extends ChatCommands {
  readonly state$: Observable<ChatViewState>;
}
