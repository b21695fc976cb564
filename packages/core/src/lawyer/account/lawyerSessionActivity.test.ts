// The console's idle-logout warning in virtual time (RxJS TestScheduler, run mode): which calls count, from when,
// and what "Angemeldet bleiben" does. No test sleeps.
import { Subject, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import type { LawyerSessionApi } from '../../ports/lawyerAccount.js';
import { err, networkError, ok, type Result } from '../../result.js';
import type { LawyerProfile, MfaEnrolment } from '../../wire/index.js';
import type { SessionExpiryState } from '../../session/sessionExpiry.js';
import type { SessionTabMessage } from '../../session/sessionTabs.js';
import { ME } from '../lawyerFakes.testSupport.js';
import { LawyerSessionActivity, countsAsLawyerActivity, countsAsLawyerHubActivity } from './lawyerSessionActivity.js';

const MIN = 60_000;

function fakeApi(over: Partial<LawyerSessionApi> = {}): LawyerSessionApi {
  return {
    whoAmI: vi.fn(() => of(ok(ME as LawyerProfile | null))),
    login: vi.fn(() => of(ok(ME))),
    passkeyLoginOptions: vi.fn(() => of(ok({ challenge: 'c' }))),
    completeEnrolment: vi.fn(() => of(ok({ ...ME, RecoveryCodes: ['A'] }))),
    logout: vi.fn(() => of(ok(undefined))),
    ...over,
  };
}

function virtual(body: (scheduler: TestScheduler) => void): void {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  scheduler.run(() => body(scheduler));
}

/** [virtual ms, "active" | "warning 120" | "expired timeout"] of every emission. */
function record(source: Observable<SessionExpiryState>, scheduler: TestScheduler): [number, string][] {
  const seen: [number, string][] = [];
  source.subscribe((s) =>
    seen.push([scheduler.now(), s.kind === 'warning' ? `warning ${s.secondsLeft}` : s.kind === 'expired' ? `expired ${s.reason}` : s.kind]),
  );
  return seen;
}

const enrolment: MfaEnrolment = { Error: 'MfaEnrolmentRequired', Message: 'm', EnrolmentToken: 't', Secret: 'S', OtpauthUri: 'otpauth://x' };

describe('countsAsLawyerActivity', () => {
  it('should count the lawyer’s calls that pass the session check, and not whoami, the login steps, the logout or public paths', () => {
    const counted = (call: string) => countsAsLawyerActivity(call.split(' ')[0] ?? '', call.split(' ')[1] ?? '');
    expect(
      ['POST api/lawyer/chats/c1/files', 'GET api/lawyer/case-files/cf-1?x=1', 'GET api/admin/lawyers', 'GET api/reports/filters', 'PUT api/lawyer/me'].map(
        counted,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(
      [
        'GET api/lawyer/whoami',
        'POST api/lawyer/login',
        'POST api/lawyer/login/webauthn/options',
        'POST api/lawyer/logout',
        'GET api/account-link/inspect',
        'GET api/chat/url',
      ].map(counted),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('should not count the console’s automatic re-reads (callbacks every minute, queue, chats, colleagues, case-file list, profile)', () => {
    const counted = (call: string) => countsAsLawyerActivity(call.split(' ')[0] ?? '', call.split(' ')[1] ?? '');
    expect(
      [
        'GET api/lawyer/callbacks',
        'GET api/lawyer/queue',
        'GET api/lawyer/chats',
        'GET api/lawyer/chats/finished',
        'GET api/lawyer/colleagues',
        'GET api/lawyer/case-files',
      ].map(counted),
    ).toEqual([false, false, false, false, false, false]);
    // Marking a callback done is the lawyer's doing.
    expect(counted('PUT api/lawyer/callbacks/cb-1/done')).toBe(true);
  });

  it('should not count the hub keep-alive (the server does not), but every other hub call', () => {
    expect(['Ping', 'SendMessage', 'AcceptChat'].map(countsAsLawyerHubActivity)).toEqual([false, true, true]);
  });
});

describe('LawyerSessionActivity', () => {
  it('should warn 2 minutes before the counted idle end (30 min minus the minute the server may lag) and expire at it', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const seen = record(activity.expiry$(), scheduler);
      activity.started()();
      scheduler.flush();
      expect(seen[0]).toEqual([0, 'active']);
      expect(seen[1]).toEqual([27 * MIN, 'warning 120']);
      expect(seen.at(-1)).toEqual([29 * MIN, 'expired timeout']);
    });
  });

  it('should restart the countdown from the start of a call the server took (an HTTP answer or a hub call), not from its answer', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const seen = record(activity.expiry$(), scheduler);
      activity.started()();
      let answered: () => void = () => undefined;
      // A call starts at 10 min and is answered at 12 min: the server counted it when it arrived.
      scheduler.schedule(() => (answered = activity.started()), 10 * MIN);
      scheduler.schedule(() => answered(), 12 * MIN);
      scheduler.flush();
      expect(seen.find(([, s]) => s.startsWith('warning'))).toEqual([37 * MIN, 'warning 120']);
      expect(seen.at(-1)).toEqual([39 * MIN, 'expired timeout']);
    });
  });

  it('should replay the login and the latest activity to a watcher that subscribes later', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const tracked = activity.sessionApi(fakeApi());
      tracked.login({ Email: 'a@b.de', Password: 'x' }).subscribe();
      scheduler.schedule(() => activity.started()(), 5 * MIN);
      scheduler.schedule(() => {
        const seen = record(activity.expiry$(), scheduler);
        scheduler.schedule(() => expect(seen[0]).toEqual([6 * MIN, 'active']), 0);
        scheduler.schedule(() => expect(seen.at(-1)).toEqual([34 * MIN, 'expired timeout']), 40 * MIN);
      }, 6 * MIN);
      scheduler.flush();
    });
  });

  it('should keep the 12-hour limit of the login: activity near it no longer offers an extension', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const states: SessionExpiryState[] = [];
      activity.expiry$().subscribe((s) => states.push(s));
      activity.sessionApi(fakeApi()).login({ Email: 'a@b.de', Password: 'x' }).subscribe();
      // Busy all day: a call every 20 minutes.
      for (let at = 20 * MIN; at < 12 * 60 * MIN; at += 20 * MIN) scheduler.schedule(() => activity.started()(), at);
      scheduler.flush();
      expect(states.find((s) => s.kind === 'warning')).toEqual({ kind: 'warning', secondsLeft: 120, canExtend: false });
    });
  });

  it('should count a login only when it opened a session, not the enrolment step', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const seen = record(activity.expiry$(), scheduler);
      activity
        .sessionApi(fakeApi({ login: () => of(ok(enrolment)) }))
        .login({ Email: 'a@b.de', Password: 'x' })
        .subscribe();
      expect(seen).toEqual([]);
      activity.sessionApi(fakeApi()).completeEnrolment('t', '123456').subscribe();
      expect(seen).toEqual([[0, 'active']]);
    });
  });

  it('should count a resumed session (whoami with a profile) from the probe’s start, and end with a null answer or the logout', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const seen = record(activity.expiry$(), scheduler);
      const answer = new Subject<Result<LawyerProfile | null>>();
      const api = fakeApi({ whoAmI: () => answer });
      const tracked = activity.sessionApi(api);
      tracked.whoAmI().subscribe();
      scheduler.schedule(() => answer.next(ok(ME)), 3_000);
      scheduler.schedule(() => tracked.logout().subscribe(), 5 * MIN);
      scheduler.flush();
      expect(seen).toEqual([
        [3_000, 'active'],
        [5 * MIN, 'expired ended'],
      ]);
    });
  });

  it('should extend („Angemeldet bleiben“) with whoami, which restarts the countdown; say "ended" when the server no longer knows the session', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      let live = true;
      const tracked = activity.sessionApi(fakeApi({ whoAmI: () => of(ok(live ? ME : null)) }));
      const seen = record(activity.expiry$(), scheduler);
      const outcomes: string[] = [];
      activity.started()();
      scheduler.schedule(() => activity.extend(tracked).subscribe((o) => outcomes.push(o)), 28 * MIN);
      scheduler.schedule(() => {
        live = false;
        activity.extend(tracked).subscribe((o) => outcomes.push(o));
      }, 56 * MIN);
      scheduler.flush();
      expect(outcomes).toEqual(['extended', 'ended']);
      expect(seen.filter(([, s]) => s === 'warning 120').map(([at]) => at)).toEqual([27 * MIN, 55 * MIN]);
      expect(seen.at(-1)).toEqual([56 * MIN, 'expired ended']);
    });
  });

  it('should leave the warning up when the extension got no answer (network), so the lawyer may try again', () => {
    virtual((scheduler) => {
      const activity = new LawyerSessionActivity(scheduler);
      const tracked = activity.sessionApi(fakeApi({ whoAmI: () => of(err(networkError('weg'))) }));
      const seen = record(activity.expiry$(), scheduler);
      const outcomes: string[] = [];
      activity.started()();
      scheduler.schedule(() => activity.extend(tracked).subscribe((o) => outcomes.push(o)), 28 * MIN);
      scheduler.flush();
      expect(outcomes).toEqual(['failed']);
      expect(seen.at(-1)).toEqual([29 * MIN, 'expired timeout']);
    });
  });

  describe('with other tabs of the browser (one shared session)', () => {
    function otherTabs() {
      const heard = new Subject<SessionTabMessage>();
      const posted: SessionTabMessage[] = [];
      return { heard, posted, tabs: { messages$: heard.asObservable(), post: (message: SessionTabMessage) => void posted.push(message) } };
    }

    it('should postpone the warning and the sign-out when another tab reports activity', () => {
      virtual((scheduler) => {
        const { tabs, heard } = otherTabs();
        const activity = new LawyerSessionActivity(scheduler, { tabs });
        const seen = record(activity.expiry$(), scheduler);
        activity.started()();
        // This tab sits untouched; the lawyer works in another one at 10 and 20 minutes.
        scheduler.schedule(() => heard.next({ type: 'activity', at: 10 * MIN }), 10 * MIN);
        scheduler.schedule(() => heard.next({ type: 'activity', at: 20 * MIN }), 20 * MIN);
        scheduler.flush();
        expect(seen.find(([, s]) => s.startsWith('warning'))).toEqual([47 * MIN, 'warning 120']);
        expect(seen.at(-1)).toEqual([49 * MIN, 'expired timeout']);
      });
    });

    it('should withdraw an open warning when the lawyer is active in another tab', () => {
      virtual((scheduler) => {
        const { tabs, heard } = otherTabs();
        const activity = new LawyerSessionActivity(scheduler, { tabs });
        const seen = record(activity.expiry$(), scheduler);
        activity.started()();
        scheduler.schedule(() => heard.next({ type: 'activity', at: 28 * MIN }), 28 * MIN);
        scheduler.flush();
        expect(seen.filter(([at]) => at >= 28 * MIN).slice(0, 1)).toEqual([[28 * MIN, 'active']]);
        expect(seen.filter(([, s]) => s === 'warning 120').map(([at]) => at)).toEqual([27 * MIN, 55 * MIN]);
        expect(seen.at(-1)).toEqual([57 * MIN, 'expired timeout']);
      });
    });

    it('should not count an older call of another tab, whose answer came late, over a newer one of its own', () => {
      virtual((scheduler) => {
        const { tabs, heard } = otherTabs();
        const activity = new LawyerSessionActivity(scheduler, { tabs });
        const seen = record(activity.expiry$(), scheduler);
        scheduler.schedule(() => activity.started()(), 5 * MIN);
        scheduler.schedule(() => heard.next({ type: 'activity', at: MIN }), 6 * MIN);
        scheduler.flush();
        expect(seen.at(-1)).toEqual([34 * MIN, 'expired timeout']);
      });
    });

    it('should tell the other tabs of each call the server counted, from its start', () => {
      virtual((scheduler) => {
        const { tabs, posted } = otherTabs();
        const activity = new LawyerSessionActivity(scheduler, { tabs });
        let answered: () => void = () => undefined;
        scheduler.schedule(() => (answered = activity.started()), 3 * MIN);
        scheduler.schedule(() => expect(posted).toEqual([]), 4 * MIN);
        scheduler.schedule(() => answered(), 4 * MIN);
        scheduler.flush();
        expect(posted).toEqual([{ type: 'activity', at: 3 * MIN }]);
      });
    });

    it('should sign out only after this tab’s delay, and not at all when another tab was active meanwhile', () => {
      virtual((scheduler) => {
        const { tabs, heard } = otherTabs();
        const activity = new LawyerSessionActivity(scheduler, { tabs, signOutDelayMs: 700 });
        const seen = record(activity.expiry$(), scheduler);
        activity.started()();
        scheduler.flush();
        expect(seen.at(-1)).toEqual([29 * MIN + 700, 'expired timeout']);
        const quiet = new LawyerSessionActivity(scheduler, { tabs, signOutDelayMs: 700 });
        const later = record(quiet.expiry$(), scheduler);
        const start = scheduler.now();
        quiet.started()();
        scheduler.schedule(() => heard.next({ type: 'activity', at: start + 29 * MIN + 300 }), 29 * MIN + 300);
        scheduler.flush();
        expect(later.filter(([at]) => at > start + 29 * MIN && at <= start + 29 * MIN + 700)).toEqual([[start + 29 * MIN + 300, 'active']]);
      });
    });
  });
});
