// The bot engine: one pure transition over a script table (STYLE rule 5).
import type { CaseStatus } from '../wire/chat.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import type { BotScript } from './botStep.js';
import type { BotEffect, BotInput, BotState, ProtocolMailAnswer, Transition } from './engine.types.js';
import { answerStep, stepEffect } from './answers.js';
import { enterStep, resolveTarget } from './stepNavigation.js';

function messageShown(script: BotScript, state: BotState, caseStatus: CaseStatus | null): Transition {
  const step = script[state.stepIndex];
  if (state.status !== 'typing' || step === undefined) return [state, []];
  if (step.ResponseType === 'AskForNextMessage') {
    return enterStep(script, resolveTarget(script, state.stepIndex, undefined), state.collected, caseStatus);
  }
  const ask: BotEffect = { type: 'askResponse', responseType: step.ResponseType, skippable: step.Skippable === true };
  if (step.ResponseType === 'Done') {
    const completion = stepEffect(step, state.collected, null, null);
    return [{ ...state, status: 'finished' }, [ask, ...completion, { type: 'done' }]];
  }
  return [{ ...state, status: 'awaiting' }, [ask]];
}

function classified(script: BotScript, state: BotState, fieldOfLaw: number, longName: string, caseStatus: CaseStatus | null): Transition {
  // The first result wins: the participant may already have seen it, and the chat starts with it.
  if (state.status === 'finished' || state.collected['FieldOfLaw'] !== undefined) return [state, []];
  const collected = { ...state.collected, FieldOfLaw: fieldOfLaw, FieldOfLawLongName: longName };
  const stored: BotEffect[] = [
    { type: 'storeProperty', name: 'FieldOfLaw', value: fieldOfLaw },
    { type: 'storeProperty', name: 'FieldOfLawLongName', value: longName },
  ];
  // The classification may arrive before or after the step that shows it is reached.
  if (state.status !== 'waitingForData') return [{ ...state, collected }, stored];
  const [next, entered] = enterStep(script, state.stepIndex, collected, caseStatus);
  return [next, [...stored, ...entered]];
}

/**
 * The server's answer to the protocol request, taken only while a step waits for it (the request is sent with the
 * step's entry, so the answer never comes earlier); the waiting step then shows the reply that fits, or is passed over.
 */
function protocolRequested(script: BotScript, state: BotState, outcome: ProtocolMailAnswer, caseStatus: CaseStatus | null): Transition {
  if (state.status !== 'waitingForData' || script[state.stepIndex]?.WaitFor !== 'ProtocolMail') return [state, []];
  const collected = { ...state.collected, ProtocolMail: outcome };
  const [next, entered] = enterStep(script, state.stepIndex, collected, caseStatus);
  return [next, [{ type: 'storeProperty', name: 'ProtocolMail', value: outcome }, ...entered]];
}

/**
 * The callback number was saved in another tab of the same chat. Taken only while the bot awaits the number or its
 * confirmation (a message still typed would land after the jump; the caller offers it again once the step awaits):
 * the number is stored as confirmed and the bot goes where the confirming step's „Ja“ leads – without that step's
 * effect, so the number is not sent a second time (and a different one typed here cannot replace it unnoticed).
 */
function phoneGivenElsewhere(script: BotScript, state: BotState, phone: string, caseStatus: CaseStatus | null): Transition {
  const step = script[state.stepIndex];
  const asking = step?.ResponseType === 'PhoneNumber' || step?.ResponseType === 'YesOrNoPhone';
  const confirmIndex = script.findIndex((s) => s.Effect === 'saveSecondLevelPhone');
  const confirm = script[confirmIndex];
  if (state.status !== 'awaiting' || !asking || confirm?.Confirms === undefined || confirm.PropertyName === undefined) return [state, []];
  const collected = { ...state.collected, [confirm.Confirms]: phone, [confirm.PropertyName]: true };
  const stored: BotEffect[] = [
    { type: 'storeProperty', name: confirm.Confirms, value: phone },
    { type: 'storeProperty', name: confirm.PropertyName, value: true },
  ];
  const [next, entered] = enterStep(script, resolveTarget(script, confirmIndex, confirm.OnYes), collected, caseStatus);
  return [next, [...stored, ...entered]];
}

/**
 * Advances a bot script by one input. Pure: no clock, no I/O; the returned effects are data
 * for an interpreter (see createBotRunner). Inputs that do not fit the current state are
 * ignored (same state, no effects); invalid answers yield `showValidationError` and keep the state.
 * `phonePlan` checks PhoneNumber answers; without it such an answer is ignored like one that does not fit.
 */
export function advance(
  script: BotScript,
  state: BotState,
  input: BotInput,
  caseStatus: CaseStatus | null,
  phonePlan: PhoneNumberPlan | null = null,
): Transition {
  switch (input.kind) {
    case 'start':
      return state.status === 'idle' ? enterStep(script, 0, state.collected, caseStatus) : [state, []];
    case 'botMessageShown':
      return messageShown(script, state, caseStatus);
    case 'classified':
      return classified(script, state, input.fieldOfLaw, input.fieldOfLawLongName, caseStatus);
    case 'protocolRequested':
      return protocolRequested(script, state, input.outcome, caseStatus);
    case 'phoneGivenElsewhere':
      return phoneGivenElsewhere(script, state, input.phone, caseStatus);
    case 'text':
    case 'skip':
    case 'yes':
    case 'no':
    case 'rating':
      return answerStep(script, state, input, caseStatus, phonePlan);
  }
}
