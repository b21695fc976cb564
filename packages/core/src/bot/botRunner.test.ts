import { describe, expect, it } from 'vitest';
import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createBotRunner } from './botRunner.js';
import type { BotRunner, BotSideEffect, BotTranscriptEntry } from './botRunner.types.js';
import { ONBOARDING_SCRIPT } from './onboardingScript.js';
import { OFFBOARDING_SCRIPT } from './offboardingScript.js';
import { caseStatus, DESCRIPTION } from './botDriver.testkit.js';
import { libphonenumberPlan } from '../validation/libphonenumberPlan.js';

function newScheduler(): TestScheduler {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  // Outside run() a TestScheduler stops flushing at 750 virtual ms by default.
  scheduler.maxFrames = Number.POSITIVE_INFINITY;
  return scheduler;
}

/** Records [virtual time, value] pairs of a stream. */
function record<T>(scheduler: TestScheduler, subscribe: (next: (value: T) => void) => void): [number, T][] {
  const seen: [number, T][] = [];
  subscribe((value) => seen.push([scheduler.now(), value]));
  return seen;
}

/** Schedules `work` at an absolute virtual time (schedule() delays are relative to now). */
function at(scheduler: TestScheduler, time: number, work: () => void): void {
  scheduler.schedule(work, time - scheduler.now());
}

const botTimes = (entries: readonly BotTranscriptEntry[]): [string, number][] =>
  entries.filter((e) => e.author === 'bot').map((e) => [e.stepKey ?? '', e.shownAt]);

/** Runs the onboarding to the e-mail request (description at 3100 ms, request at 4850 ms). */
function onboardingAtEmail(scheduler: TestScheduler): { runner: BotRunner; effects: BotSideEffect[] } {
  const runner = createBotRunner({ script: ONBOARDING_SCRIPT, phonePlan: () => libphonenumberPlan, scheduler, idPrefix: 'onb' });
  const effects: BotSideEffect[] = [];
  runner.effects$.subscribe((e) => {
    effects.push(e);
    if (e.type === 'classify') runner.answer({ kind: 'classified', fieldOfLaw: 7, fieldOfLawLongName: 'Arbeitsrecht' });
  });
  runner.start();
  at(scheduler, 3100, () => runner.answer({ kind: 'text', value: DESCRIPTION }));
  scheduler.flush();
  return { runner, effects };
}

describe('createBotRunner', () => {
  it('should type for exactly 750 ms per message until the first question (marbles)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const runner = createBotRunner({ script: ONBOARDING_SCRIPT, phonePlan: () => libphonenumberPlan, scheduler });
      runner.start();
      expectObservable(runner.typing$).toBe('t 2999ms f', { t: true, f: false });
      expectObservable(runner.responseType$).toBe('n 2999ms x', { n: null, x: 'Text' });
    });
  });

  it('should show Welcome, HelpInfo, ProblemQuestion and ProblemNotice at 750, 1500, 2250 and 3000 ms', () => {
    const scheduler = newScheduler();
    const runner = createBotRunner({ script: ONBOARDING_SCRIPT, phonePlan: () => libphonenumberPlan, scheduler, idPrefix: 'onb' });
    const transcripts = record<readonly BotTranscriptEntry[]>(scheduler, (next) => runner.messages$.subscribe(next));
    runner.start();
    scheduler.flush();
    const last = transcripts.at(-1)?.[1] ?? [];
    expect(botTimes(last)).toEqual([
      ['Welcome', 750],
      ['HelpInfo', 1500],
      ['ProblemQuestion', 2250],
      ['ProblemNotice', 3000],
    ]);
    expect(last.map((e) => e.id)).toEqual(['onb-1', 'onb-2', 'onb-3', 'onb-4']);
    expect(last[0]).toEqual({
      id: 'onb-1',
      author: 'bot',
      text: 'Bot.Welcome',
      isI18nKey: true,
      params: {},
      highlighted: false,
      stepKey: 'Welcome',
      shownAt: 750,
    });
  });

  it('should observe 750 ms, 1000 ms and 2000 ms around the e-mail steps', () => {
    const scheduler = newScheduler();
    const { runner } = onboardingAtEmail(scheduler);
    at(scheduler, 5000, () => runner.answer({ kind: 'text', value: 'erika@beispiel.de' }));
    at(scheduler, 7000, () => runner.answer({ kind: 'no' }));
    scheduler.flush();
    let transcript: readonly BotTranscriptEntry[] = [];
    runner.messages$.subscribe((m) => (transcript = m));
    expect(botTimes(transcript).slice(4)).toEqual([
      ['ThankYou', 3850],
      ['EMailRequest', 4850],
      ['EMailConfirm', 6000],
      ['EMailRetype', 9000],
    ]);
    expect(transcript.filter((e) => e.author === 'participant').map((e) => [e.text, e.shownAt])).toEqual([
      [DESCRIPTION, 3100],
      ['erika@beispiel.de', 5000],
      ['Bot.Answer.No', 7000],
    ]);
  });

  it('should keep typing while the classification the next message needs is outstanding', () => {
    const scheduler = newScheduler();
    const runner = createBotRunner({ script: ONBOARDING_SCRIPT, phonePlan: () => libphonenumberPlan, scheduler });
    const typing = record<boolean>(scheduler, (next) => runner.typing$.subscribe(next));
    runner.start();
    at(scheduler, 3100, () => runner.answer({ kind: 'text', value: DESCRIPTION }));
    at(scheduler, 5000, () => runner.answer({ kind: 'skip' }));
    at(scheduler, 9000, () => runner.answer({ kind: 'classified', fieldOfLaw: 2, fieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges' }));
    scheduler.flush();
    expect(typing).toEqual([
      [0, false],
      [0, true],
      [3000, false],
      [3100, true],
      [4850, false],
      // Waiting for the classification from 5000 until 9000, then four messages of 750 ms.
      [5000, true],
      [9000 + 4 * 750, false],
    ]);
    expect(runner.getState()).toMatchObject({ status: 'finished' });
  });

  it('should hand over with startChat and done and show the Done bar at the end of onboarding', () => {
    const scheduler = newScheduler();
    const { runner, effects } = onboardingAtEmail(scheduler);
    const responseTypes = record(scheduler, (next) => runner.responseType$.subscribe(next));
    at(scheduler, 6000, () => runner.answer({ kind: 'skip' }));
    scheduler.flush();
    expect(effects.map((e) => e.type)).toEqual(['storeProperty', 'classify', 'storeProperty', 'storeProperty', 'storeProperty', 'startChat', 'done']);
    expect(effects.find((e) => e.type === 'startChat')).toMatchObject({ request: { FieldOfLaw: 7, EMailAddress: null, VerifiedEmail: false } });
    expect(responseTypes).toEqual([
      [4850, 'EMail'],
      [6000, null],
      [6000 + 4 * 750, 'Done'],
    ]);
  });

  it('should report validation errors and ignored inputs to the caller without changing anything', () => {
    const scheduler = newScheduler();
    const runner = createBotRunner({ script: ONBOARDING_SCRIPT, phonePlan: () => libphonenumberPlan, scheduler });
    runner.start();
    expect(runner.answer({ kind: 'text', value: DESCRIPTION })).toEqual({ ok: false, errorKey: null });
    scheduler.flush();
    const before = runner.getState();
    expect(runner.answer({ kind: 'text', value: 'zu kurz' })).toEqual({ ok: false, errorKey: 'Chat.MinLength' });
    expect(runner.getState()).toBe(before);
    expect(runner.answer({ kind: 'text', value: DESCRIPTION })).toEqual({ ok: true });
  });

  it('should emit the collected properties and the skip button state', () => {
    const scheduler = newScheduler();
    const { runner } = onboardingAtEmail(scheduler);
    const skippable = record(scheduler, (next) => runner.skippable$.subscribe(next));
    const collected = record(scheduler, (next) => runner.collected$.subscribe(next));
    expect(skippable).toEqual([[4850, true]]);
    expect(collected.at(-1)?.[1]).toEqual({ Description: DESCRIPTION, FieldOfLaw: 7, FieldOfLawLongName: 'Arbeitsrecht' });
  });

  it('should use the alternate texts and second-level steps of the case status set before start', () => {
    const scheduler = newScheduler();
    const runner = createBotRunner({
      script: OFFBOARDING_SCRIPT,
      phonePlan: () => libphonenumberPlan,
      scheduler,
      caseStatus: caseStatus({ SecondLevelEnabled: false }),
    });
    runner.setCaseStatus(caseStatus({ SecondLevelEnabled: false, RequestPhoneNumber: true }));
    const effects = record<BotSideEffect>(scheduler, (next) => runner.effects$.subscribe(next));
    runner.start();
    at(scheduler, 3000, () => runner.answer({ kind: 'text', value: '030 12345678' }));
    at(scheduler, 4000, () => runner.answer({ kind: 'yes' }));
    scheduler.flush();
    let transcript: readonly BotTranscriptEntry[] = [];
    runner.messages$.subscribe((m) => (transcript = m));
    expect(
      transcript
        .filter((e) => e.author === 'bot')
        .map((e) => e.text)
        .slice(0, 3),
    ).toEqual(['Bot.Offboarding.WelcomeBack', 'Bot.Offboarding.WelcomeBack1.PhoneRequested', 'Bot.Offboarding.PhoneRequest.PhoneRequested']);
    expect(effects.filter(([, e]) => e.type === 'saveSecondLevelPhone')).toEqual([[4000, { type: 'saveSecondLevelPhone', phone: '030 12345678' }]]);
  });

  it('should cancel pending messages and complete every stream on dispose', () => {
    const scheduler = newScheduler();
    const runner = createBotRunner({ script: ONBOARDING_SCRIPT, phonePlan: () => libphonenumberPlan, scheduler });
    const completed: string[] = [];
    const streams: Record<string, Observable<unknown>> = {
      messages$: runner.messages$,
      typing$: runner.typing$,
      responseType$: runner.responseType$,
      effects$: runner.effects$,
      state$: runner.state$,
    };
    Object.entries(streams).forEach(([name, stream$]) => stream$.subscribe({ complete: () => completed.push(name) }));
    let shown = 0;
    runner.messages$.subscribe((m) => (shown = m.length));
    runner.start();
    at(scheduler, 1000, () => runner.dispose());
    scheduler.flush();
    expect(shown).toBe(1);
    expect(completed.sort()).toEqual(['effects$', 'messages$', 'responseType$', 'state$', 'typing$']);
    expect(scheduler.actions).toHaveLength(0);
    expect(runner.answer({ kind: 'text', value: DESCRIPTION })).toEqual({ ok: false, errorKey: null });
    runner.start();
    expect(runner.getState()).toMatchObject({ stepIndex: 1, status: 'typing' });
  });
});
