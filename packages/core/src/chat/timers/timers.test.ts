// Every chat timer in virtual time (RxJS TestScheduler, run mode): no test sleeps.
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { FakeWindow } from '../chatFakes.testSupport.js';
import { callbackOffer } from './callbackOffer.js';
import { fileForwardingAutoYes } from './fileForwardingAutoYes.js';
import { inactivity, type InactivityTrigger } from './inactivity.js';
import { lawyerTyping } from './lawyerTyping.js';
import { pingRoutes } from './ping.js';
import { NEW_MESSAGE_TITLE, titleToggle } from './titleToggle.js';
import { typingNotifications } from './typingNotifications.js';

function run(body: (helpers: RunHelpers, scheduler: TestScheduler) => void): void {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  scheduler.run((helpers) => body(helpers, scheduler));
}

/** Records [virtual ms, value] for every emission. */
function record<T>(source: Observable<T>, scheduler: TestScheduler): [number, T][] {
  const seen: [number, T][] = [];
  source.subscribe((value) => seen.push([scheduler.now(), value]));
  return seen;
}

describe('lawyerTyping', () => {
  it('should show the indicator for 2.5 s after each IsTyping and restart on a new one', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const signals = hot('a 999ms b 4999ms c');
      expectObservable(lawyerTyping(signals, scheduler)).toBe('(ft) 3496ms f 2499ms t 2499ms f', { t: true, f: false });
    });
  });

  it("should end the indicator at once when the lawyer's message arrives, and show it again on the next IsTyping", () => {
    run(({ hot, expectObservable }, scheduler) => {
      const signals = hot('a 1999ms - 999ms b');
      const messages = hot('1s m');
      expectObservable(lawyerTyping(signals, scheduler, messages)).toBe('(ft) 996ms f 1999ms t 2499ms f', { t: true, f: false });
    });
  });
});

describe('typingNotifications', () => {
  it('should tell the first keystroke at once and then at most one every 2 s', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const keys = hot('k 499ms k 999ms k 599ms k 2099ms k');
      // Keystrokes at 0, 500, 1500, 2100 and 4200: told at 0, at 2100 (the first after the window that began at 0) and
      // at 4200 (after the one that began at 2100).
      expectObservable(typingNotifications(keys, scheduler)).toBe('k 2099ms k 2099ms k');
    });
  });

  it('should keep telling the lawyer while the participant types on without a pause, so the 2.5 s indicator stays on', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const keys = hot('k 499ms k 499ms k 499ms k 499ms k 499ms k 499ms k');
      // A keystroke every 500 ms for 3 s: told at 0 and at 2500 (the one at 2000 still falls in the first window) – never
      // more than the indicator's 2.5 s apart while typing goes on.
      expectObservable(typingNotifications(keys, scheduler), '^ 5s !').toBe('k 2499ms k');
    });
  });
});

describe('pingRoutes', () => {
  it('should ping with the current route at once and every 10 s', () => {
    run(({ expectObservable }, scheduler) => {
      const route = new BehaviorSubject('/chat/new');
      scheduler.schedule(() => route.next('/chat/c1'), 15_000);
      expectObservable(pingRoutes(route, scheduler), '^ 30s !').toBe('a 9999ms a 9999ms b 9999ms b', { a: '/chat/new', b: '/chat/c1' });
    });
  });
});

describe('callbackOffer', () => {
  it('should offer a callback 59 s after waiting began and withdraw it when a lawyer joins', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const waitingSince = hot('t 69999ms f', { t: 0, f: null });
      expectObservable(callbackOffer(waitingSince, scheduler)).toBe('f 58999ms t 10999ms f', { t: true, f: false });
    });
  });

  it('should not offer a callback when the lawyer joins within 59 s', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const waitingSince = hot('t 58998ms f', { t: 0, f: null });
      expectObservable(callbackOffer(waitingSince, scheduler)).toBe('f', { f: false });
    });
  });

  it('should count from when waiting began, not from the subscription (a reload 40 s into the wait offers it 19 s later)', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const waitingSince = hot('40s w', { w: 0 });
      expectObservable(callbackOffer(waitingSince, scheduler)).toBe('40s f 18999ms t', { t: true, f: false });
    });
  });

  it('should offer it at once when the wait began more than 59 s ago, and treat a start in the future as now', () => {
    run(({ hot, expectObservable }, scheduler) => {
      expectObservable(callbackOffer(hot('2m w', { w: 0 }), scheduler)).toBe('2m (ft)', { t: true, f: false });
      expectObservable(callbackOffer(hot('w', { w: 10 * 60_000 }), scheduler)).toBe('f 58999ms t', { t: true, f: false });
    });
  });
});

describe('fileForwardingAutoYes', () => {
  it('should answer yes after the question stayed open 30 s', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const open = hot('t', { t: true });
      expectObservable(fileForwardingAutoYes(open, scheduler)).toBe('30s y', { y: undefined });
    });
  });

  it('should not answer when the participant answered first', () => {
    run(({ hot, expectObservable }, scheduler) => {
      const open = hot('t 10s f', { t: true, f: false });
      expectObservable(fileForwardingAutoYes(open, scheduler)).toBe('');
    });
  });
});

describe('inactivity', () => {
  it('should open stage 1 after 180 s, stage 2 after 60 s more, and time out 30 s later', () => {
    run(({ flush }, scheduler) => {
      const trigger = new Subject<InactivityTrigger>();
      const seen = record(inactivity(trigger, scheduler), scheduler);
      trigger.next('armed');
      flush();
      const at = (ms: number) => seen.filter(([t]) => t === ms).map(([, e]) => e);
      expect(at(0)).toEqual([{ kind: 'warning', warning: null }]);
      expect(at(179_999)).toEqual([]);
      expect(at(180_000)).toEqual([{ kind: 'warning', warning: { stage: 1, secondsLeft: 60 } }]);
      expect(at(239_000)).toEqual([{ kind: 'warning', warning: { stage: 1, secondsLeft: 1 } }]);
      expect(at(240_000)).toEqual([{ kind: 'warning', warning: { stage: 2, secondsLeft: 30 } }]);
      expect(at(269_000)).toEqual([{ kind: 'warning', warning: { stage: 2, secondsLeft: 1 } }]);
      expect(at(270_000)).toEqual([{ kind: 'warning', warning: null }, { kind: 'timeout' }]);
      expect(seen.at(-1)).toEqual([270_000, { kind: 'timeout' }]);
    });
  });

  it('should close the dialog and stop counting when the participant answers', () => {
    run(({ flush }, scheduler) => {
      const trigger = new Subject<InactivityTrigger>();
      const seen = record(inactivity(trigger, scheduler), scheduler);
      trigger.next('armed');
      scheduler.schedule(() => trigger.next('idle'), 200_000);
      flush();
      expect(seen.at(-1)).toEqual([200_000, { kind: 'warning', warning: null }]);
      expect(seen.some(([, e]) => e.kind === 'timeout')).toBe(false);
    });
  });

  it('should count 180 s again from a new lawyer message', () => {
    run(({ flush }, scheduler) => {
      const trigger = new Subject<InactivityTrigger>();
      const seen = record(inactivity(trigger, scheduler), scheduler);
      trigger.next('armed');
      scheduler.schedule(() => trigger.next('armed'), 100_000);
      flush();
      const firstWarning = seen.find(([, e]) => e.kind === 'warning' && e.warning !== null);
      expect(firstWarning?.[0]).toBe(280_000);
      expect(seen.at(-1)).toEqual([370_000, { kind: 'timeout' }]);
    });
  });
});

/** An unfocused window titled 'Rechtsberatung' whose title changes the tests follow. */
function unfocusedWindow(scheduler: TestScheduler): FakeWindow {
  return new FakeWindow(() => scheduler.now(), { focused: false, title: 'Rechtsberatung' });
}

describe('titleToggle', () => {
  it('should alternate the title every 2 s until the window gets focus, then restore it', () => {
    run(({ flush }, scheduler) => {
      const window = unfocusedWindow(scheduler);
      const messages = new Subject<void>();
      const seen = record(titleToggle(messages, window, scheduler), scheduler);
      messages.next();
      scheduler.schedule(() => window.focused.next(true), 5_000);
      flush();
      expect(seen).toEqual([
        [0, NEW_MESSAGE_TITLE],
        [2_000, 'Rechtsberatung'],
        [4_000, NEW_MESSAGE_TITLE],
      ]);
      expect(window.title).toBe('Rechtsberatung');
    });
  });

  it('should leave the title alone when the window already has focus', () => {
    run(({ flush }, scheduler) => {
      const window = unfocusedWindow(scheduler);
      window.focused.next(true);
      const messages = new Subject<void>();
      titleToggle(messages, window, scheduler).subscribe();
      messages.next();
      flush();
      expect(window.titles).toEqual([]);
    });
  });

  it('should keep the original title when a second message arrives while toggling', () => {
    run(({ flush }, scheduler) => {
      const window = unfocusedWindow(scheduler);
      const messages = new Subject<void>();
      titleToggle(messages, window, scheduler).subscribe();
      messages.next();
      scheduler.schedule(() => messages.next(), 1_000);
      scheduler.schedule(() => window.focused.next(true), 3_500);
      flush();
      expect(window.titles).toEqual([NEW_MESSAGE_TITLE, 'Rechtsberatung', NEW_MESSAGE_TITLE, 'Rechtsberatung', 'Rechtsberatung']);
      expect(window.title).toBe('Rechtsberatung');
    });
  });
});
