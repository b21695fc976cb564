// The workspace as data: the state the console renders plus what only the steps need, the events that change it and
// the effects a step asks the shell (lawyerWorkspace.ts) to run. Every slice is a pure `(model, event) → [model, effects]`
// like the bot engine; the shell turns effects into port calls and timers and feeds their outcome back as events.
import type { PhoneNumberPlan } from '../../ports/phoneNumberPlan.js';
import type { BlobLike } from '../../ports/platform.js';
import type { CreateCaseFileRequest, UpdateLawyerProfileRequest } from '../../wire/index.js';
import type { ChatEnd, RememberedSelection, WorkspaceState } from '../workspaceState.js';

export interface WorkspaceModel {
  /** What the console renders (`state$`). */
  readonly state: WorkspaceState;
  /** Queue entries seen so far; null until the first read, so what waits at start is no news. */
  readonly seenQueueIds: ReadonlySet<string> | null;
  /** Chats this console is closing: the server's Closed notice may arrive before the acknowledgement. */
  readonly closing: ReadonlyMap<string, ChatEnd>;
  /** Scheduler time this console last told a chat's client that the lawyer types. */
  readonly typingSentAt: ReadonlyMap<string, number>;
  /** What this tab showed before a reload: restored when the held chats first arrive. */
  readonly remembered: RememberedSelection | null;
  /** The case file this tab had open before a reload: opened again once the console is connected, then null. */
  readonly reopenCaseFileId: string | null;
  /**
   * The case file the lawyer asked to see (opened, re-read or restored) and has not closed since: an answer for any
   * other file is late – the lawyer went back to the list or opened another one meanwhile – and is dropped.
   */
  readonly wantedCaseFileId: string | null;
  /** Ended chats whose tab the lawyer closed ("Tab schließen") in this browser tab: a reload does not bring them back. */
  readonly dismissed: ReadonlySet<string>;
  /** After signing out nothing more is written to the tab's storage (the workspace is about to end). */
  readonly forgotten: boolean;
}

/** What every step may read besides the model: fixed for the workspace's life. */
export interface StepContext {
  readonly lawyerId: string;
  readonly phonePlan: PhoneNumberPlan;
}

/** A port call, timer or storage write for the shell; the outcome of a call comes back as an event. */
export type WorkspaceEffect =
  | { readonly type: 'connect' }
  | { readonly type: 'loadQueue' }
  | { readonly type: 'loadCallbacks' }
  | { readonly type: 'loadChats' }
  | { readonly type: 'loadHistory'; readonly chatId: string; readonly caseId: string }
  | { readonly type: 'loadColleagues' }
  | { readonly type: 'loadCaseFiles' }
  | { readonly type: 'loadProfile' }
  | { readonly type: 'acceptChat'; readonly chatId: string }
  | { readonly type: 'setCallbackDone'; readonly callbackId: string; readonly done: boolean }
  | { readonly type: 'claimCallback'; readonly callbackId: string }
  | { readonly type: 'releaseCallback'; readonly callbackId: string }
  | { readonly type: 'sendTyping'; readonly chatId: string }
  | { readonly type: 'sendMessage'; readonly chatId: string; readonly text: string; readonly clientId: string; readonly fromDraft: boolean }
  | { readonly type: 'uploadFile'; readonly chatId: string; readonly file: BlobLike; readonly fileName: string }
  | { readonly type: 'closeChat'; readonly chatId: string; readonly requestPhoneNumber: boolean }
  | { readonly type: 'forwardChat'; readonly chatId: string; readonly lawyerId: string }
  /** Stores the field of law the lawyer chose for the chat's case (an id of FIELDS_OF_LAW). */
  | { readonly type: 'changeFieldOfLaw'; readonly chatId: string; readonly fieldOfLaw: number }
  /** Hides the client's typing notice after a while unless a message or a new notice comes first. */
  | { readonly type: 'hideTypingLater'; readonly chatId: string }
  | { readonly type: 'cancelHideTyping'; readonly chatId: string }
  | { readonly type: 'createCaseFile'; readonly request: CreateCaseFileRequest }
  | { readonly type: 'openCaseFile'; readonly caseFileId: string }
  /** Opens the file the tab had open before a reload; a failure (removed meanwhile, no longer this lawyer's) forgets it quietly. */
  | { readonly type: 'reopenCaseFile'; readonly caseFileId: string }
  /** Re-reads the open file; a 404 closes it (it left this lawyer), another failure keeps what is shown. `changedByClient`: the client's change is why. */
  | { readonly type: 'refreshCaseFile'; readonly caseFileId: string; readonly changedByClient?: boolean }
  /** `phoneGiven`: a refusal (400) is then about the number, shown beside the field. */
  | { readonly type: 'updateProfile'; readonly request: UpdateLawyerProfileRequest; readonly phoneGiven: boolean }
  | { readonly type: 'uploadPhoto'; readonly file: BlobLike; readonly fileName: string }
  | { readonly type: 'removePhoto' }
  | { readonly type: 'playSound' }
  /** The browser tab's storage; null removes the key. */
  | { readonly type: 'rememberInTab'; readonly key: string; readonly value: string | null }
  /** Kept across reloads and sessions (the mute switch). */
  | { readonly type: 'savePreference'; readonly key: string; readonly value: string };

export type Step = readonly [WorkspaceModel, readonly WorkspaceEffect[]];

export const unchanged = (model: WorkspaceModel): Step => [model, []];

/** The model with a changed state. */
export const withState = (model: WorkspaceModel, change: (state: WorkspaceState) => WorkspaceState): WorkspaceModel => ({
  ...model,
  state: change(model.state),
});
