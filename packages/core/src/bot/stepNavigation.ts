// Moving through a script table: resolving jump targets, passing over steps whose skip
// condition holds, and producing the message effect of the step that is entered.
import { emailForDisplay } from '../casefile/emailDomain.js';
import type { CaseStatus } from '../wire/chat.js';
import type { BotScript, BotStep, SkipCondition, StepTarget } from './botStep.js';
import type { BotEffect, Collected, Transition } from './engine.types.js';

/** Index of the step named `key`; an unknown key is a bug in the script table. */
export function stepIndexOf(script: BotScript, key: string): number {
  const index = script.findIndex((step) => step.Key === key);
  if (index < 0) throw new Error(`Bot script has no step '${key}'`);
  return index;
}

/** Index reached from step `index` via `target`; no target means the following step. */
export function resolveTarget(script: BotScript, index: number, target: StepTarget | undefined): number {
  if (target === undefined) return index + 1;
  return 'Jump' in target ? index + 1 + target.Jump : stepIndexOf(script, target.ToStep);
}

/** Whether a step's SkipWhen condition holds for the case (no status yet: nothing is known) and what was collected. */
export function skipConditionHolds(condition: SkipCondition, caseStatus: CaseStatus | null, collected: Collected = {}): boolean {
  const protocolMail = collected['ProtocolMail'];
  switch (condition) {
    case 'emailKnown':
      return caseStatus?.ParticipantEnteredEmail === true;
    case 'secondLevelDisabled':
      return caseStatus?.SecondLevelEnabled !== true;
    case 'alreadyRated':
      return caseStatus !== null && caseStatus.CaseRating !== null;
    case 'phoneRequested':
      return caseStatus?.RequestPhoneNumber === true;
    case 'noProtocolEmail':
      return !caseStatus?.ProtocolEmail;
    case 'protocolEmailAwaitsConfirmation':
      return caseStatus?.ProtocolConfirmationPending === true;
    case 'protocolEmailConfirmed':
      return caseStatus?.ProtocolConfirmationPending !== true;
    // Unknown while the request is on its way: the step waits for it (WaitFor) instead of being passed over.
    case 'protocolNotSent':
      return protocolMail !== undefined && protocolMail !== 'sent';
    case 'protocolNotPending':
      return protocolMail !== 'confirmationPending';
  }
}

/** Whether a step is passed over: its SkipWhen condition, or any of its list, holds. */
function skipped(step: BotStep, collected: Collected, caseStatus: CaseStatus | null): boolean {
  if (step.SkipWhen === undefined) return false;
  const conditions: readonly SkipCondition[] = typeof step.SkipWhen === 'string' ? [step.SkipWhen] : step.SkipWhen;
  return conditions.some((condition) => skipConditionHolds(condition, caseStatus, collected));
}

/** Properties kept in a form for sending that the person reads differently (the e-mail's Unicode domain). */
const SHOWN_AS_EMAIL: ReadonlySet<string> = new Set(['EMailAddress', 'ProtocolEmail']);

/** Values a step may show that the host knows rather than the bot (the case status): '' when not (yet) known. */
function fromCaseStatus(property: string, caseStatus: CaseStatus | null): string {
  if (property === 'ProtocolEmail') return caseStatus?.ProtocolEmail ?? '';
  if (property === 'LawyerName') return caseStatus?.LawyerName ?? '';
  return '';
}

function messageParams(step: BotStep, collected: Collected, caseStatus: CaseStatus | null): Record<string, string> {
  const entries = Object.entries(step.Params ?? {}).map(([placeholder, property]) => {
    const known = collected[property];
    const value = known === undefined || known === null ? fromCaseStatus(property, caseStatus) : String(known);
    return [placeholder, SHOWN_AS_EMAIL.has(property) ? emailForDisplay(value) : value];
  });
  return Object.fromEntries(entries);
}

/** The message effect of a step, with the lawyer-requested-phone alternate text when it applies. */
export function showMessageEffect(step: BotStep, collected: Collected, caseStatus: CaseStatus | null): BotEffect {
  const useAlternate = step.SecondLevelKey !== undefined && caseStatus?.RequestPhoneNumber === true;
  return {
    type: 'showBotMessage',
    stepKey: step.Key,
    key: useAlternate && step.SecondLevelKey !== undefined ? step.SecondLevelKey : step.MessageKey,
    delay: step.Delay,
    highlighted: step.Highlighted === true,
    params: messageParams(step, collected, caseStatus),
  };
}

/**
 * Enters step `index`: passes over steps whose skip condition holds (taking their OnSkip),
 * waits for missing data, or starts typing the step's message. Past the end the script is finished.
 */
export function enterStep(script: BotScript, index: number, collected: Collected, caseStatus: CaseStatus | null): Transition {
  let current = index;
  // Each hop passes one step; more hops than steps means the table's skip targets form a cycle.
  for (let hops = 0; hops <= script.length; hops += 1) {
    const step = script[current];
    if (step === undefined) return [{ stepIndex: current, status: 'finished', collected }, [{ type: 'done' }]];
    if (skipped(step, collected, caseStatus)) {
      current = resolveTarget(script, current, step.OnSkip);
      continue;
    }
    if (step.WaitFor !== undefined && collected[step.WaitFor] === undefined) {
      return [{ stepIndex: current, status: 'waitingForData', collected }, []];
    }
    return [{ stepIndex: current, status: 'typing', collected }, [showMessageEffect(step, collected, caseStatus)]];
  }
  throw new Error('Bot script skip targets form a cycle');
}
