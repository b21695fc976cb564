// Public surface of the RxJS bot runner that the chat controller composes.
import type { Observable } from 'rxjs';
import type { CaseStatus, ResponseType } from '../wire/chat.js';
import type { BotEffect, BotInput, BotState, Collected } from './engine.types.js';

/** One line of the bot conversation, bot or participant. */
export interface BotTranscriptEntry {
  /** Local id `${idPrefix}-${n}`; unique per runner. */
  readonly id: string;
  readonly author: 'bot' | 'participant';
  /** i18n key when `isI18nKey`, else the participant's text. */
  readonly text: string;
  readonly isI18nKey: boolean;
  readonly params: Readonly<Record<string, string>>;
  readonly highlighted: boolean;
  /** Script step of a bot message; null for participant answers. */
  readonly stepKey: string | null;
  /** scheduler.now() when the entry appeared. */
  readonly shownAt: number;
}

/** Where a runner continues after a reload: the saved state and what was already shown. */
export interface BotRunnerResume {
  readonly state: BotState;
  /** Entries shown again as they were (the onboarding draft); empty when the server's history shows them. */
  readonly entries: readonly BotTranscriptEntry[];
  /** Number n of the last id `${idPrefix}-${n}` already used, so new entries never reuse an id. */
  readonly lastEntry: number;
}

/** Effects the caller executes through ports (or observes, like storeProperty). */
export type BotSideEffect = Exclude<BotEffect, { type: 'showBotMessage' | 'askResponse' | 'showParticipantAnswer' }>;

/** ok:false with errorKey null means the input did not fit the current step and was ignored. */
export type BotAnswerOutcome = { readonly ok: true } | { readonly ok: false; readonly errorKey: string | null };

export interface BotRunner {
  /** Transcript so far; replays the current value to new subscribers. */
  readonly messages$: Observable<readonly BotTranscriptEntry[]>;
  /** True while a bot message waits for its delay. */
  readonly typing$: Observable<boolean>;
  /** The response bar to show; null while the bot types or before start. */
  readonly responseType$: Observable<ResponseType | null>;
  /** Whether the current response bar offers a skip button. */
  readonly skippable$: Observable<boolean>;
  readonly collected$: Observable<Collected>;
  readonly state$: Observable<BotState>;
  /** Hot stream of side effects (startChat, sendProtocol, classify, …); no replay. */
  readonly effects$: Observable<BotSideEffect>;
  getState(): BotState;
  /** Starts the script; later calls are ignored. */
  start(): void;
  /** Feeds a participant answer (or a classification result) to the engine. */
  answer(input: BotInput): BotAnswerOutcome;
  /** Appends a bot message outside the script (e.g. the thanks after a saved rating). */
  announce(key: string, params?: Readonly<Record<string, string>>): void;
  /** Number n of the last entry id `${idPrefix}-${n}` used so far. */
  lastEntry(): number;
  /** Case status used for skip conditions and alternate texts of steps entered from now on. */
  setCaseStatus(status: CaseStatus | null): void;
  /** Cancels pending bot messages and completes all streams. */
  dispose(): void;
}
