// Interprets the pure engine's effects over time: bot messages appear after their delay on the
// injected scheduler (typing meanwhile), side effects go out on effects$ for the caller.
import { BehaviorSubject, distinctUntilChanged, map, Subject, Subscription, timer, type SchedulerLike } from 'rxjs';
import type { CaseStatus, ResponseType } from '../wire/chat.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import type { BotScript } from './botStep.js';
import { stepEffect } from './answers.js';
import { advance } from './engine.js';
import { showMessageEffect } from './stepNavigation.js';
import { INITIAL_BOT_STATE, type BotEffect, type BotInput, type BotState } from './engine.types.js';
import type { BotAnswerOutcome, BotRunner, BotRunnerResume, BotSideEffect, BotTranscriptEntry } from './botRunner.types.js';

export interface BotRunnerOptions {
  readonly script: BotScript;
  /** All delays run on this scheduler (TestScheduler in tests). */
  readonly scheduler: SchedulerLike;
  readonly caseStatus?: CaseStatus | null;
  /** Prefix of transcript ids, e.g. 'onboarding'. */
  readonly idPrefix?: string;
  /** Continue a conversation saved before a reload instead of starting over. */
  readonly resume?: BotRunnerResume;
  /** The numbering plan once loaded; PhoneNumber answers are ignored while it is null (the controller holds them). */
  readonly phonePlan?: () => PhoneNumberPlan | null;
}

type Prompt = { readonly responseType: ResponseType | null; readonly skippable: boolean };

/** Creates a runner for one script. The caller owns it and must call dispose(). */
export function createBotRunner(options: BotRunnerOptions): BotRunner {
  const { script, scheduler } = options;
  const idPrefix = options.idPrefix ?? 'bot';
  let caseStatus = options.caseStatus ?? null;
  let counter = 0;
  let disposed = false;
  const state = new BehaviorSubject<BotState>(INITIAL_BOT_STATE);
  const messages = new BehaviorSubject<readonly BotTranscriptEntry[]>([]);
  const typing = new BehaviorSubject(false);
  const prompt = new BehaviorSubject<Prompt>({ responseType: null, skippable: false });
  const effects = new Subject<BotSideEffect>();
  const timers = new Subscription();

  const append = (entry: Omit<BotTranscriptEntry, 'id' | 'shownAt'>): void => {
    counter += 1;
    messages.next([...messages.value, { ...entry, id: `${idPrefix}-${counter}`, shownAt: scheduler.now() }]);
  };

  const showAfterDelay = (effect: Extract<BotEffect, { type: 'showBotMessage' }>): void => {
    prompt.next({ responseType: null, skippable: false });
    // A finished timer removes itself from `timers`; dispose() cancels the ones still pending.
    timers.add(
      timer(effect.delay, scheduler).subscribe(() => {
        append({ author: 'bot', text: effect.key, isI18nKey: true, params: effect.params, highlighted: effect.highlighted, stepKey: effect.stepKey });
        dispatch({ kind: 'botMessageShown' });
      }),
    );
  };

  /** Applies display effects now; returns the side effects for the caller. */
  const interpret = (effect: BotEffect): BotSideEffect[] => {
    switch (effect.type) {
      case 'showBotMessage':
        showAfterDelay(effect);
        return [];
      case 'askResponse':
        prompt.next({ responseType: effect.responseType, skippable: effect.skippable });
        return [];
      case 'showParticipantAnswer':
        append({ author: 'participant', text: effect.text, isI18nKey: effect.isI18nKey, params: effect.params, highlighted: false, stepKey: null });
        return [];
      case 'done':
        prompt.next({ responseType: 'Done', skippable: false });
        return [effect];
      default:
        return [effect];
    }
  };

  /** Restores a saved conversation and picks up what was pending when the page went away. */
  function resume(saved: BotRunnerResume): void {
    const { stepIndex, status, collected } = saved.state;
    const step = script[stepIndex];
    counter = saved.lastEntry;
    messages.next(saved.entries);
    state.next(saved.state);
    typing.next(status === 'typing' || status === 'waitingForData');
    if (status === 'awaiting' && step !== undefined) prompt.next({ responseType: step.ResponseType, skippable: step.Skippable === true });
    // The message that was still "typing" is typed again; it was never shown, so never stored.
    if (status === 'typing' && step !== undefined) {
      const shown = showMessageEffect(step, collected, caseStatus);
      if (shown.type === 'showBotMessage') showAfterDelay(shown);
    }
    const outgoing: BotSideEffect[] = [];
    // A classification in flight when the page went away is asked for again.
    const classifyStep = script.find((s) => s.Effect === 'classify' && s.PropertyName !== undefined && collected[s.PropertyName] !== undefined);
    if (classifyStep?.PropertyName !== undefined && collected['FieldOfLaw'] === undefined)
      outgoing.push({ type: 'classify', text: String(collected[classifyStep.PropertyName]) });
    // So is a protocol request whose answer the reply waited for: for the same address the server mails nothing twice.
    const requestStep = script.find((s) => s.Effect === 'sendProtocol');
    if (status === 'waitingForData' && step?.WaitFor === 'ProtocolMail' && requestStep !== undefined)
      outgoing.push(...(stepEffect(requestStep, collected, null, null) as BotSideEffect[]));
    if (status === 'finished') {
      prompt.next({ responseType: 'Done', skippable: false });
      // A finished onboarding whose hand-over did not complete hands over again.
      if (step?.ResponseType === 'Done') outgoing.push(...(stepEffect(step, collected, null, null) as BotSideEffect[]));
    }
    outgoing.forEach((effect) => effects.next(effect));
  }

  function dispatch(input: BotInput): readonly BotEffect[] {
    const [next, produced] = advance(script, state.value, input, caseStatus, options.phonePlan?.() ?? null);
    state.next(next);
    // Derived from the state, so typing never flickers between two consecutive bot messages;
    // it also covers waiting for the classification the next message needs.
    typing.next(next.status === 'typing' || next.status === 'waitingForData');
    // The answered question's bar goes while the next message waits for its data, as while it is typed.
    if (next.status === 'waitingForData') prompt.next({ responseType: null, skippable: false });
    const outgoing = produced.flatMap(interpret);
    // Emitted last, so a subscriber that answers synchronously sees a settled runner.
    outgoing.forEach((effect) => effects.next(effect));
    return produced;
  }

  return {
    messages$: messages.asObservable(),
    typing$: typing.pipe(distinctUntilChanged()),
    responseType$: prompt.pipe(
      map((p) => p.responseType),
      distinctUntilChanged(),
    ),
    skippable$: prompt.pipe(
      map((p) => p.skippable),
      distinctUntilChanged(),
    ),
    collected$: state.pipe(
      map((s) => s.collected),
      distinctUntilChanged(),
    ),
    state$: state.asObservable(),
    effects$: effects.asObservable(),
    getState: () => state.value,
    start: () => {
      if (disposed) return;
      if (options.resume !== undefined && options.resume.state.status !== 'idle') resume(options.resume);
      else dispatch({ kind: 'start' });
    },
    announce: (key, params = {}) => {
      if (!disposed) append({ author: 'bot', text: key, isI18nKey: true, params, highlighted: false, stepKey: null });
    },
    lastEntry: () => counter,
    answer: (input: BotInput): BotAnswerOutcome => {
      if (disposed) return { ok: false, errorKey: null };
      const before = state.value;
      const produced = dispatch(input);
      const error = produced.find((e) => e.type === 'showValidationError');
      if (error !== undefined) return { ok: false, errorKey: error.key };
      return produced.length === 0 && state.value === before ? { ok: false, errorKey: null } : { ok: true };
    },
    setCaseStatus: (status: CaseStatus | null) => {
      caseStatus = status;
    },
    dispose: () => {
      disposed = true;
      timers.unsubscribe();
      [state, messages, typing, prompt, effects].forEach((subject) => subject.complete());
    },
  };
}
