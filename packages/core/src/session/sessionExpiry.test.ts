// The shared session-expiry watcher in virtual time (RxJS TestScheduler, run mode): no test sleeps.
import { Subject, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_MIN_WARN_MS,
  announcedMinutes,
  countdownText,
  sessionExpiry,
  type SessionExpiryState,
  type SessionSignal,
} from './sessionExpiry.js';

const MIN = 60_000;
/** Last call at 0 → the client counts the server's idle end at 29 min (30 min minus the minute the server may lag). */
const END = 29 * MIN;

function virtual(body: (scheduler: TestScheduler) => void): void {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  scheduler.run(() => body(scheduler));
}

/** Records [virtual ms, state] for every emission. */
function record(source: Observable<SessionExpiryState>, scheduler: TestScheduler): [number, SessionExpiryState][] {
  const seen: [number, SessionExpiryState][] = [];
  source.subscribe((value) => seen.push([scheduler.now(), value]));
  return seen;
}

const kinds = (seen: [number, SessionExpiryState][]) =>
  seen.map(([at, s]) => [at, s.kind === 'warning' ? `warning ${s.secondsLeft}` : s.kind === 'expired' ? `expired ${s.reason}` : s.kind]);
const TIMED_OUT: SessionExpiryState = { kind: 'expired', reason: 'timeout' };
const warning = (secondsLeft: number, canExtend = true): SessionExpiryState => ({ kind: 'warning', secondsLeft, canExtend });

describe('sessionExpiry', () => {
  it('should stay active without any activity', () => {
    virtual((scheduler) => {
      const seen = record(sessionExpiry(new Subject<SessionSignal>(), scheduler), scheduler);
      scheduler.flush();
      expect(seen).toEqual([]);
    });
  });

  it('should warn exactly 2 minutes before the idle end, count down each second and expire at the end', () => {
    virtual((scheduler) => {
      const seen = record(sessionExpiry(of<SessionSignal>({ type: 'activity', at: 0 }), scheduler), scheduler);
      scheduler.flush();
      expect(seen[0]).toEqual([0, { kind: 'active' }]);
      expect(seen[1]).toEqual([END - 2 * MIN, warning(120)]);
      expect(seen[2]).toEqual([END - 2 * MIN + 1_000, warning(119)]);
      expect(seen.at(-2)).toEqual([END - 1_000, warning(1)]);
      expect(seen.at(-1)).toEqual([END, TIMED_OUT]);
      expect(seen).toHaveLength(1 + 120 + 1);
    });
  });

  it('should restart the countdown on every activity, also one that arrives during the warning', () => {
    virtual((scheduler) => {
      const signals = new Subject<SessionSignal>();
      const seen = record(sessionExpiry(signals, scheduler), scheduler);
      scheduler.schedule(() => signals.next({ type: 'activity', at: 0 }), 0);
      scheduler.schedule(() => signals.next({ type: 'activity', at: 10 * MIN }), 10 * MIN);
      // Extended during the warning (the call started at 38 min).
      scheduler.schedule(() => signals.next({ type: 'activity', at: 38 * MIN }), 38 * MIN);
      scheduler.flush();
      expect(kinds(seen).filter(([, k]) => k === 'active' || k === 'expired timeout' || k === 'warning 120')).toEqual([
        // The call at 10 min moves the end without a change on screen.
        [0, 'active'],
        [37 * MIN, 'warning 120'],
        [38 * MIN, 'active'],
        [65 * MIN, 'warning 120'],
        [67 * MIN, 'expired timeout'],
      ]);
    });
  });

  it('should count from the latest call start when answers arrive out of order', () => {
    virtual((scheduler) => {
      const signals = new Subject<SessionSignal>();
      const seen = record(sessionExpiry(signals, scheduler), scheduler);
      scheduler.schedule(() => {
        signals.next({ type: 'activity', at: 5 * MIN });
        signals.next({ type: 'activity', at: 4 * MIN });
      }, 5 * MIN);
      scheduler.flush();
      expect(seen.at(-1)).toEqual([5 * MIN + END, TIMED_OUT]);
    });
  });

  it('should expire at once when the server says the session ended', () => {
    virtual((scheduler) => {
      const signals = new Subject<SessionSignal>();
      const seen = record(sessionExpiry(signals, scheduler), scheduler);
      scheduler.schedule(() => signals.next({ type: 'activity', at: 0 }), 0);
      scheduler.schedule(() => signals.next({ type: 'ended' }), 3 * MIN);
      scheduler.flush();
      expect(kinds(seen)).toEqual([
        [0, 'active'],
        [3 * MIN, 'expired ended'],
      ]);
    });
  });

  it('should never warn less than 20 s before the end, even when configured shorter', () => {
    virtual((scheduler) => {
      const seen = record(sessionExpiry(of<SessionSignal>({ type: 'activity', at: 0 }), scheduler, { warnBeforeMs: 5_000 }), scheduler);
      scheduler.flush();
      expect(seen[1]).toEqual([END - SESSION_MIN_WARN_MS, warning(20)]);
    });
  });

  it('should warn at once when an activity leaves less than the warning time, with the seconds rounded up', () => {
    virtual((scheduler) => {
      // The last call started 27.5 min ago (a watcher subscribed late, e.g. after the shell re-rendered).
      scheduler.schedule(() => {
        const seen = record(sessionExpiry(of<SessionSignal>({ type: 'activity', at: 0 }), scheduler), scheduler);
        scheduler.schedule(() => {
          expect(seen[0]).toEqual([27.5 * MIN, warning(90)]);
          expect(seen[1]).toEqual([27.5 * MIN + 1_000, warning(89)]);
        }, 1_000);
      }, 27.5 * MIN);
      scheduler.flush();
    });
  });

  it('should expire at once when the last activity is already past the end', () => {
    virtual((scheduler) => {
      scheduler.schedule(() => {
        const seen = record(sessionExpiry(of<SessionSignal>({ type: 'activity', at: 0 }), scheduler), scheduler);
        expect(seen).toEqual([[END, TIMED_OUT]]);
      }, END);
      scheduler.flush();
    });
  });

  it('should not let activity pass the absolute limit: the warning then offers no extension, the end stays put and says it was the limit', () => {
    virtual((scheduler) => {
      const signals = new Subject<SessionSignal>();
      const seen = record(sessionExpiry(signals, scheduler), scheduler);
      // Absolute end: 12 h after the login, minus the minute of margin.
      const absoluteEnd = SESSION_ABSOLUTE_MS - MIN;
      scheduler.schedule(() => signals.next({ type: 'login', at: 0 }), 0);
      scheduler.schedule(() => signals.next({ type: 'activity', at: absoluteEnd - 10 * MIN }), absoluteEnd - 10 * MIN);
      scheduler.schedule(() => signals.next({ type: 'activity', at: absoluteEnd - 60_000 }), absoluteEnd - 60_000);
      scheduler.flush();
      expect(seen.find(([, s]) => s.kind === 'warning' && !s.canExtend)).toEqual([absoluteEnd - 2 * MIN, warning(120, false)]);
      // The extension during the warning changes nothing: still counting down, still ending at the absolute end.
      expect(seen.find(([at]) => at === absoluteEnd - 60_000)).toEqual([absoluteEnd - 60_000, warning(60, false)]);
      // Not "30 minutes without activity": the login names the 12-hour limit.
      expect(seen.at(-1)).toEqual([absoluteEnd, { kind: 'expired', reason: 'absolute' }]);
    });
  });

  it('should offer the extension while the idle end comes before the absolute end', () => {
    virtual((scheduler) => {
      const seen = record(sessionExpiry(of<SessionSignal>({ type: 'login', at: 0 }), scheduler), scheduler);
      scheduler.flush();
      expect(seen[1]).toEqual([END - 2 * MIN, warning(120, true)]);
    });
  });

  it('should become active again when a login follows the end', () => {
    virtual((scheduler) => {
      const signals = new Subject<SessionSignal>();
      const seen = record(sessionExpiry(signals, scheduler), scheduler);
      scheduler.schedule(() => signals.next({ type: 'ended' }), 0);
      scheduler.schedule(() => signals.next({ type: 'login', at: MIN }), MIN);
      scheduler.flush();
      expect(kinds(seen).slice(0, 2)).toEqual([
        [0, 'expired ended'],
        [MIN, 'active'],
      ]);
    });
  });
});

describe('announcedMinutes and countdownText', () => {
  it('should speak whole minutes rounded up, so the live region speaks at the warning and once a minute', () => {
    expect([120, 119, 61, 60, 1].map(announcedMinutes)).toEqual([2, 2, 2, 1, 1]);
    expect([120, 65, 9, 0].map(countdownText)).toEqual(['2:00', '1:05', '0:09', '0:00']);
  });
});
