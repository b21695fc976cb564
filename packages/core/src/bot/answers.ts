// Interprets the participant's answer to the step that is awaiting one. What is accepted
// depends only on the step's ResponseType; where to go next comes from the step's targets.
import { emailForDisplay, emailForSending } from '../casefile/emailDomain.js';
import type { CaseStatus } from '../wire/chat.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { MAX_CHAT_TEXT_LENGTH, validateChatText } from '../validation/chatText.js';
import { characterCount } from '../validation/characters.js';
import { validateEmail } from '../validation/email.js';
import { validatePhoneNumber } from '../validation/phone.js';
import { ValidationKeys } from '../validation/validationKeys.js';
import type { Validation } from '../validation/validationResult.js';
import type { BotScript, BotStep, StepTarget } from './botStep.js';
import { BotAnswerKeys } from './botAnswerKeys.js';
import type { BotEffect, BotInput, BotState, BotValue, Collected, Transition } from './engine.types.js';
import { enterStep, resolveTarget } from './stepNavigation.js';
import { startChatRequestOf } from './startChatRequest.js';

type Echo = Extract<BotEffect, { type: 'showParticipantAnswer' }>;

interface Accepted {
  readonly value: BotValue;
  readonly echo: Echo;
  readonly target: StepTarget | undefined;
  /** Whether the step's Effect fires (YesOrNo steps: only on "yes"). */
  readonly fireEffect: boolean;
  readonly comment?: string | null;
}

const echoText = (text: string): Echo => ({ type: 'showParticipantAnswer', text, isI18nKey: false, params: {} });
const echoKey = (key: string, params: Record<string, string> = {}): Echo => ({ type: 'showParticipantAnswer', text: key, isI18nKey: true, params });

/** The side effect a step declares, built from the accepted value (or the value it confirms). */
export function stepEffect(step: BotStep, collected: Collected, value: BotValue, comment: string | null): BotEffect[] {
  const subject = step.Confirms === undefined ? value : collected[step.Confirms];
  switch (step.Effect) {
    case undefined:
      return [];
    case 'classify':
      return [{ type: 'classify', text: String(subject) }];
    case 'saveSecondLevelPhone':
      return [{ type: 'saveSecondLevelPhone', phone: String(subject) }];
    case 'sendProtocol':
      return [{ type: 'sendProtocol', email: String(subject) }];
    case 'saveRating':
      return [{ type: 'saveRating', stars: Number(subject), comment }];
    case 'startChat':
      return [{ type: 'startChat', request: startChatRequestOf(collected) }];
  }
}

function accept(script: BotScript, state: BotState, step: BotStep, accepted: Accepted, caseStatus: CaseStatus | null): Transition {
  const name = step.PropertyName;
  const collected = name === undefined ? state.collected : { ...state.collected, [name]: accepted.value };
  const stored: BotEffect[] = name === undefined ? [] : [{ type: 'storeProperty', name, value: accepted.value }];
  const fired = accepted.fireEffect ? stepEffect(step, collected, accepted.value, accepted.comment ?? null) : [];
  const [next, entered] = enterStep(script, resolveTarget(script, state.stepIndex, accepted.target), collected, caseStatus);
  return [next, [accepted.echo, ...stored, ...fired, ...entered]];
}

function validated<A>(result: Validation<A>, toValue: (a: A) => string): Accepted | string {
  if (!result.ok) return result.errorKey;
  const value = toValue(result.value);
  return { value, echo: echoText(value), target: undefined, fireEffect: true };
}

/**
 * An e-mail answer is judged and kept in its deliverable form (max@xn--mller-kva.de: the shared rule, the start
 * request and the protocol mail need it); the person's bubble shows it as written (max@müller.de).
 */
function emailAnswer(input: string): Accepted | string {
  const result = validateEmail(emailForSending(input));
  if (!result.ok) return result.errorKey;
  return { value: result.value, echo: echoText(emailForDisplay(result.value)), target: undefined, fireEffect: true };
}

function ratingAnswer(stars: number, comment: string | undefined): Accepted | string {
  const text = comment?.trim() ?? '';
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) return ValidationKeys.RatingRequired;
  if (characterCount(text) > MAX_CHAT_TEXT_LENGTH) return ValidationKeys.ChatMaxLength;
  return {
    value: stars,
    // The comment is shown back with the stars, so the person sees what was sent.
    echo:
      text === '' ? echoKey(BotAnswerKeys.Rating, { stars: String(stars) }) : echoKey(BotAnswerKeys.RatingWithComment, { stars: String(stars), comment: text }),
    target: undefined,
    fireEffect: true,
    comment: text === '' ? null : text,
  };
}

/**
 * Accepted answer, i18n key of a validation failure, or null when the input does not fit the step.
 * A phone answer without the numbering plan does not fit yet: the caller holds it until the plan is there.
 */
function interpret(step: BotStep, input: BotInput, phonePlan: PhoneNumberPlan | null): Accepted | string | null {
  if (input.kind === 'skip') {
    return step.Skippable === true ? { value: null, echo: echoKey(BotAnswerKeys.Skip), target: step.OnSkip, fireEffect: false } : null;
  }
  switch (step.ResponseType) {
    case 'Text':
      return input.kind === 'text' ? validated(validateChatText(input.value, { lawyerConnected: false }), (v) => v) : null;
    case 'EMail':
      return input.kind === 'text' ? emailAnswer(input.value) : null;
    case 'PhoneNumber':
      return input.kind === 'text' && phonePlan !== null ? validated(validatePhoneNumber(input.value, phonePlan), (v) => v.display) : null;
    case 'YesOrNo':
    case 'YesOrNoPhone':
    case 'YesOrNoEmail':
      if (input.kind === 'yes') return { value: true, echo: echoKey(BotAnswerKeys.Yes), target: step.OnYes, fireEffect: true };
      return input.kind === 'no' ? { value: false, echo: echoKey(BotAnswerKeys.No), target: step.OnNo, fireEffect: false } : null;
    case 'Rating':
      return input.kind === 'rating' ? ratingAnswer(input.stars, input.comment) : null;
    case 'AskForNextMessage':
    case 'Done':
      return null;
  }
}

/** Applies an answer to the awaiting step: accept and move on, report a validation error, or ignore. */
export function answerStep(script: BotScript, state: BotState, input: BotInput, caseStatus: CaseStatus | null, phonePlan: PhoneNumberPlan | null): Transition {
  const step = script[state.stepIndex];
  if (state.status !== 'awaiting' || step === undefined) return [state, []];
  const outcome = interpret(step, input, phonePlan);
  if (outcome === null) return [state, []];
  if (typeof outcome === 'string') return [state, [{ type: 'showValidationError', key: outcome }]];
  return accept(script, state, step, outcome, caseStatus);
}
