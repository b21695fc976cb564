// Inputs, effects and state of the pure bot engine. All are plain data: the runner (or a test)
// feeds inputs in and interprets effects through ports.
import type { ResponseType } from '../wire/chat.js';

export type BotValue = string | number | boolean | null;
export type Collected = Readonly<Record<string, BotValue>>;

/** What the participant (or the runner) tells the engine. */
export type BotInput =
  | { readonly kind: 'start' }
  /** The runner finished the typing delay and displayed the current message. */
  | { readonly kind: 'botMessageShown' }
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'skip' }
  | { readonly kind: 'yes' }
  | { readonly kind: 'no' }
  | { readonly kind: 'rating'; readonly stars: number; readonly comment?: string }
  /** Result of the classify effect (or the fallback 2 on failure/time-out). */
  | { readonly kind: 'classified'; readonly fieldOfLaw: number; readonly fieldOfLawLongName: string }
  /** The server's answer to the sendProtocol effect: mailed, a confirmation mail first (double opt-in), or failed. */
  | { readonly kind: 'protocolRequested'; readonly outcome: ProtocolMailAnswer }
  /**
   * Another tab of the same chat saved the callback number (`phone`, as shown there): a tab still asking for it, or
   * to confirm one, goes on as after its own confirmation, without saving it again.
   */
  | { readonly kind: 'phoneGivenElsewhere'; readonly phone: string };

/** Stored as the collected `ProtocolMail`; the reply to the protocol request depends on it. */
export type ProtocolMailAnswer = 'sent' | 'confirmationPending' | 'failed';

/** Fields of the StartChat request the bot collected (OverrideDomain is added by the caller). */
export interface CollectedStartChatRequest {
  readonly Description: string;
  readonly EMailAddress: string | null;
  readonly VerifiedEmail: boolean;
  readonly FieldOfLaw: number;
  readonly FieldOfLawLongName: string;
}

/** What the engine asks its interpreter to do, in order. */
export type BotEffect =
  | {
      readonly type: 'showBotMessage';
      readonly stepKey: string;
      readonly key: string;
      readonly delay: number;
      readonly highlighted: boolean;
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly type: 'askResponse'; readonly responseType: ResponseType; readonly skippable: boolean }
  /** Echo of an accepted answer for the transcript; `isI18nKey` for yes/no/skip/rating. */
  | { readonly type: 'showParticipantAnswer'; readonly text: string; readonly isI18nKey: boolean; readonly params: Readonly<Record<string, string>> }
  | { readonly type: 'showValidationError'; readonly key: string }
  | { readonly type: 'storeProperty'; readonly name: string; readonly value: BotValue }
  | { readonly type: 'classify'; readonly text: string }
  | { readonly type: 'startChat'; readonly request: CollectedStartChatRequest }
  | { readonly type: 'sendProtocol'; readonly email: string }
  | { readonly type: 'saveSecondLevelPhone'; readonly phone: string }
  | { readonly type: 'saveRating'; readonly stars: number; readonly comment: string | null }
  | { readonly type: 'done' };

/**
 * typing: a message waits for its delay; awaiting: the participant must answer;
 * waitingForData: the next message needs a value that has not arrived (classification, the protocol request's answer).
 */
export type BotStatus = 'idle' | 'typing' | 'awaiting' | 'waitingForData' | 'finished';

export interface BotState {
  /** Index into the script; -1 before start. */
  readonly stepIndex: number;
  readonly status: BotStatus;
  readonly collected: Collected;
}

export type Transition = readonly [BotState, readonly BotEffect[]];

/** The state before `{ kind: 'start' }`. */
export const INITIAL_BOT_STATE: BotState = { stepIndex: -1, status: 'idle', collected: {} };
