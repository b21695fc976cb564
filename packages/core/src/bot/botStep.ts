// A bot step is one row of a script table. Everything the engine needs to
// route an answer is data here, so the scripts can be read, validated and tested as tables.
import * as t from 'io-ts';
import { ResponseTypeCodec, type ResponseType } from '../wire/chat.js';

/**
 * Where to go next. `Jump: n` counts from the step that would naturally follow, as in the
 * original scripts: +3 from the e-mail request skips confirm, retype and confirm again;
 * -2 from the second confirmation returns to the retyping step. `ToStep` names a step `Key`.
 */
export type StepTarget = { readonly Jump: number } | { readonly ToStep: string };

/**
 * Conditions under which a step is passed over (and its OnSkip target taken): facts of the case status, and – for the
 * protocol's double opt-in – the answer to the offboarding's protocol request (collected `ProtocolMail`):
 * `protocolEmailAwaitsConfirmation` / `protocolEmailConfirmed` – the onboarding address still waits for its link, or not;
 * `protocolNotSent` – the request did not mail the protocol (a confirmation mail went out, or it failed);
 * `protocolNotPending` – no confirmation mail went out for it.
 */
export const SkipConditionValues = [
  'emailKnown',
  'secondLevelDisabled',
  'alreadyRated',
  'phoneRequested',
  'noProtocolEmail',
  'protocolEmailAwaitsConfirmation',
  'protocolEmailConfirmed',
  'protocolNotSent',
  'protocolNotPending',
] as const;
export type SkipCondition = (typeof SkipConditionValues)[number];

/** Side effects a step can trigger once its answer is accepted (for YesOrNo steps: on "yes"). */
export const StepEffectValues = ['classify', 'saveSecondLevelPhone', 'sendProtocol', 'saveRating', 'startChat'] as const;
export type StepEffect = (typeof StepEffectValues)[number];

export interface BotStep {
  /** Unique name within a script, used by `ToStep` targets and in tests. */
  readonly Key: string;
  /** i18n key of the bot's message. */
  readonly MessageKey: string;
  readonly ResponseType: ResponseType;
  /** Milliseconds the bot "types" before the message appears. */
  readonly Delay: number;
  /** Where an accepted answer is stored (Description, EMailAddress, VerifiedEmail, …). */
  readonly PropertyName?: string;
  /** Alternate message used when the lawyer requested the participant's phone number. */
  readonly SecondLevelKey?: string;
  readonly Highlighted?: boolean;
  /** Shows a skip button; skipping stores null and follows OnSkip. */
  readonly Skippable?: boolean;
  /** Passed over when the condition holds; a list: when any of them holds. */
  readonly SkipWhen?: SkipCondition | readonly SkipCondition[];
  readonly OnSkip?: StepTarget;
  readonly OnYes?: StepTarget;
  readonly OnNo?: StepTarget;
  /** For YesOrNo steps: the property whose value is being confirmed (shown as {{value}}). */
  readonly Confirms?: string;
  /** Message placeholders filled from collected properties: placeholder → property name. */
  readonly Params?: Readonly<Record<string, string>>;
  /** The message waits until this property is known (the classification result, the protocol request's answer). */
  readonly WaitFor?: string;
  readonly Effect?: StepEffect;
}

/** A script is an ordered table of steps; the first row starts the conversation. */
export type BotScript = readonly BotStep[];

const literals = <V extends string>(values: readonly V[], name: string) => t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<V, null>, name);

export const StepTargetCodec: t.Type<StepTarget> = t.union([t.type({ Jump: t.number }), t.type({ ToStep: t.string })], 'StepTarget');

/** io-ts codec for a bot step, so scripts loaded from elsewhere can be checked like wire data. */
export const BotStepCodec: t.Type<BotStep> = t.intersection(
  [
    t.type({ Key: t.string, MessageKey: t.string, ResponseType: ResponseTypeCodec, Delay: t.number }),
    t.partial({
      PropertyName: t.string,
      SecondLevelKey: t.string,
      Highlighted: t.boolean,
      Skippable: t.boolean,
      SkipWhen: t.union([literals(SkipConditionValues, 'SkipCondition'), t.readonlyArray(literals(SkipConditionValues, 'SkipCondition'))]),
      OnSkip: StepTargetCodec,
      OnYes: StepTargetCodec,
      OnNo: StepTargetCodec,
      Confirms: t.string,
      Params: t.record(t.string, t.string),
      WaitFor: t.string,
      Effect: literals(StepEffectValues, 'StepEffect'),
    }),
  ],
  'BotStep',
);

export const BotScriptCodec = t.readonlyArray(BotStepCodec, 'BotScript');
