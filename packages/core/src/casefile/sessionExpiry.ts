// WCAG 2.2.1: the case-file session ends on the server after 30 minutes without a call, and 12 hours
// after the login at the latest (packages/server/src/platform/sessions.ts). The client warns before the idle end,
// offers to extend it with a cheap authenticated call, and says when it has ended – instead of letting the next
// save fail. Extending refreshes only the idle timer; the absolute limit stays where the login put it.
import {
  BehaviorSubject,
  Subject,
  concat,
  defer,
  distinctUntilChanged,
  map,
  merge,
  of,
  scan,
  switchMap,
  takeWhile,
  tap,
  timer,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { Result } from '../result.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { CaseFileContentApi } from '../ports/caseFileContentApi.js';
import type { KeyValueStorage } from '../ports/platform.js';
import { isSessionEnded } from './caseFileSession.js';

/** The server's idle timeout of a case-file session (SESSION_IDLE_MS.casefile). */
export const CASE_FILE_IDLE_MS = 30 * 60_000;
/** The server's absolute limit of a case-file session after the login (SESSION_ABSOLUTE_MS.casefile). */
export const CASE_FILE_ABSOLUTE_MS = 12 * 3_600_000;
/**
 * The server writes a session's last activity at most once a minute (TOUCH_AFTER_MS), so its idle end can lie up to
 * 60 s before "last call + 30 min". The client counts that minute off and never promises time the server does not give.
 */
export const CASE_FILE_TOUCH_SLACK_MS = 60_000;
/** The warning opens 2 minutes before the end … */
export const SESSION_WARN_BEFORE_MS = 2 * 60_000;
/** … and in no case less than 20 seconds before it (WCAG 2.2.1). */
export const SESSION_MIN_WARN_MS = 20_000;

/**
 * What the watcher learns: a call the server counted as session activity (started at `at`, scheduler time),
 * the login (`at` starts the absolute limit), or the server saying the session is gone.
 */
export type SessionSignal = { readonly type: 'activity'; readonly at: number } | { readonly type: 'login'; readonly at: number } | { readonly type: 'ended' };

/**
 * 'active': nothing to show. 'warning': the session ends in `secondsLeft` (emitted once a second);
 * `canExtend` is false when the absolute limit, which no call can move, comes first. 'expired': it has ended –
 * 'timeout' when the countdown ran out, 'ended' when the server said so (a 401/403, a "no", the logout), which the
 * screen that made the call already shows.
 */
export type SessionExpiryState =
  | { readonly kind: 'active' }
  | { readonly kind: 'warning'; readonly secondsLeft: number; readonly canExtend: boolean }
  | { readonly kind: 'expired'; readonly reason: 'timeout' | 'ended' };

export interface SessionExpiryOptions {
  readonly idleMs?: number;
  readonly absoluteMs?: number;
  readonly slackMs?: number;
  readonly warnBeforeMs?: number;
}

interface Deadlines {
  readonly lastActivity: number | null;
  readonly absoluteEnd: number | null;
  readonly ended: boolean;
}

const ACTIVE: SessionExpiryState = { kind: 'active' };
const TIMED_OUT: SessionExpiryState = { kind: 'expired', reason: 'timeout' };
const ENDED: SessionExpiryState = { kind: 'expired', reason: 'ended' };

function countdown(end: number, canExtend: boolean, scheduler: SchedulerLike): Observable<SessionExpiryState> {
  // Now, then aligned to whole seconds before the end, so "1:00" appears exactly one minute before it.
  const toNextSecond = (end - scheduler.now()) % 1_000;
  return merge(of(0), timer(toNextSecond === 0 ? 1_000 : toNextSecond, 1_000, scheduler)).pipe(
    map(() => Math.ceil((end - scheduler.now()) / 1_000)),
    takeWhile((secondsLeft) => secondsLeft > 0),
    map((secondsLeft): SessionExpiryState => ({ kind: 'warning', secondsLeft, canExtend })),
  );
}

/**
 * The session-expiry watcher. Every activity restarts the idle countdown from the call's start (the latest start
 * wins, answers may arrive out of order); 'warning' opens `warnBeforeMs` (≥ 20 s) before the end and counts down
 * once a second, 'expired' follows at the end or at once on an 'ended' signal. Without any activity yet it stays
 * 'active'. The end is the earlier of idle end and absolute end; extending cannot pass the absolute end.
 */
export function sessionExpiry(
  signals$: Observable<SessionSignal>,
  scheduler: SchedulerLike,
  options: SessionExpiryOptions = {},
): Observable<SessionExpiryState> {
  const idleMs = options.idleMs ?? CASE_FILE_IDLE_MS;
  const absoluteMs = options.absoluteMs ?? CASE_FILE_ABSOLUTE_MS;
  const slackMs = options.slackMs ?? CASE_FILE_TOUCH_SLACK_MS;
  const warnMs = Math.max(options.warnBeforeMs ?? SESSION_WARN_BEFORE_MS, SESSION_MIN_WARN_MS);
  const initial: Deadlines = { lastActivity: null, absoluteEnd: null, ended: false };

  return signals$.pipe(
    scan((state: Deadlines, signal): Deadlines => {
      switch (signal.type) {
        case 'ended':
          return { ...state, ended: true };
        case 'login':
          return { lastActivity: Math.max(state.lastActivity ?? signal.at, signal.at), absoluteEnd: signal.at + absoluteMs - slackMs, ended: false };
        case 'activity':
          return { ...state, lastActivity: Math.max(state.lastActivity ?? signal.at, signal.at), ended: false };
      }
    }, initial),
    distinctUntilChanged((a, b) => a.lastActivity === b.lastActivity && a.absoluteEnd === b.absoluteEnd && a.ended === b.ended),
    switchMap((state): Observable<SessionExpiryState> => {
      if (state.ended) return of(ENDED);
      if (state.lastActivity === null) return of(ACTIVE);
      const idleEnd = state.lastActivity + idleMs - slackMs;
      const end = state.absoluteEnd === null ? idleEnd : Math.min(idleEnd, state.absoluteEnd);
      // Extending moves the idle end only; when the absolute end comes first there is nothing to extend.
      const canExtend = state.absoluteEnd === null || idleEnd < state.absoluteEnd;
      const now = scheduler.now();
      if (end <= now) return of(TIMED_OUT);
      const warnIn = Math.max(0, end - warnMs - now);
      const warning =
        warnIn > 0
          ? concat(of(ACTIVE), timer(warnIn, scheduler).pipe(switchMap(() => countdown(end, canExtend, scheduler))))
          : countdown(end, canExtend, scheduler);
      return concat(warning, of(TIMED_OUT));
    }),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
  );
}

/** Spoken in whole minutes (rounded up): the live region speaks at the warning and when the minute changes. Pure. */
export function announcedMinutes(secondsLeft: number): number {
  return Math.max(1, Math.ceil(secondsLeft / 60));
}

/** The visible countdown, e.g. "1:05". Pure. */
export function countdownText(secondsLeft: number): string {
  const s = Math.max(0, secondsLeft);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export type ExtendOutcome = 'extended' | 'ended' | 'failed';

const loginKey = (token: string) => `fallakte-anmeldung:${token}`;

/**
 * Collects the session signals of the case-file calls: wrap the adapters with `auth`/`content`, and every call
 * the server counted (a Right of a protected call, an authenticated "yes", a login) restarts the idle countdown
 * from the moment the call started; a 401/403 says the session ended. The login time is kept in the tab's
 * storage, so a reload still knows the absolute limit (without it, the server's 401 is the only word).
 */
export class CaseFileSessionActivity {
  private readonly signals = new Subject<SessionSignal>();
  private readonly last = new BehaviorSubject<SessionSignal | null>(null);

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly scheduler: SchedulerLike,
  ) {
    this.signals.subscribe((signal) => this.last.next(signal));
  }

  /** The signals for one file: its stored login time first, then the latest signal and all that follow. */
  signals$(token: string): Observable<SessionSignal> {
    const loginAt = Number(this.storage.get(loginKey(token)));
    const stored: SessionSignal[] = Number.isFinite(loginAt) && loginAt > 0 ? [{ type: 'login', at: loginAt }] : [];
    return defer(() => {
      const latest = this.last.value;
      return merge(of(...stored, ...(latest === null ? [] : [latest])), this.signals);
    });
  }

  /** Reports an 'activity' for a call when it answers Right (`counts` decides for calls whose Right may be "no"). */
  private track<A>(call: Observable<Result<A>>, counts: (value: A) => boolean = () => true): Observable<Result<A>> {
    return defer(() => {
      const startedAt = this.scheduler.now();
      return call.pipe(
        tap((result) => {
          if (result._tag === 'Right') {
            if (counts(result.right)) this.signals.next({ type: 'activity', at: startedAt });
          } else if (isSessionEnded(result.left)) this.signals.next({ type: 'ended' });
        }),
      );
    });
  }

  auth(api: CaseFileAuthApi): CaseFileAuthApi {
    return {
      // Only a "yes" shows a live session (and the server's lookup extended its idle timer).
      isAuthenticated: (token) => this.track(api.isAuthenticated(token), (live) => live),
      hasConsent: (token) => api.hasConsent(token),
      getLoginInformation: (token) => api.getLoginInformation(token),
      checkToken: (token) => api.checkToken(token),
      login: (payload) =>
        defer(() => {
          const startedAt = this.scheduler.now();
          return api.login(payload).pipe(
            tap((result) => {
              if (result._tag !== 'Right') return;
              this.storage.set(loginKey(payload.LoginData.UrlToken), String(startedAt));
              this.signals.next({ type: 'login', at: startedAt });
            }),
          );
        }),
      logout: () => api.logout().pipe(tap(() => this.signals.next({ type: 'ended' }))),
      getLawyer: (token) => this.track(api.getLawyer(token)),
    };
  }

  content(api: CaseFileContentApi): CaseFileContentApi {
    return {
      getCase: (token) => this.track(api.getCase(token)),
      getPerson: (token) => this.track(api.getPerson(token)),
      updatePerson: (token, update) => this.track(api.updatePerson(token, update)),
      getHistory: (token) => this.track(api.getHistory(token)),
      getDocuments: (token) => this.track(api.getDocuments(token)),
      // Progress events are the browser's own; only the stored document shows the server took the call.
      uploadDocument: (token, file) => this.track(api.uploadDocument(token, file), (event) => event._tag === 'Done'),
      deleteDocument: (token, documentId) => this.track(api.deleteDocument(token, documentId)),
      documentUrl: (token, documentId) => api.documentUrl(token, documentId),
      powerOfAttorneyUrl: (token) => api.powerOfAttorneyUrl(token),
      sendContact: (token, message) => this.track(api.sendContact(token, message)),
      getQuestionnaire: (token) => this.track(api.getQuestionnaire(token)),
      submitQuestionnaire: (token, answers) => this.track(api.submitQuestionnaire(token, answers)),
      signPowerOfAttorney: (token, signature) => this.track(api.signPowerOfAttorney(token, signature)),
    };
  }

  /** The watcher for one file on this tracker's scheduler. */
  expiry$(token: string, options?: SessionExpiryOptions): Observable<SessionExpiryState> {
    return sessionExpiry(this.signals$(token), this.scheduler, options);
  }

  /**
   * "Sitzung verlängern" with `trackedApi` (the result of `auth()`): the authenticated check is the cheapest call
   * the server counts as activity (its session lookup refreshes the idle timer, never the absolute limit).
   * 'extended': the countdown restarts; 'ended': the server no longer knows the session; 'failed': no answer
   * (network), the warning stays and the person may try again.
   */
  extend(trackedApi: CaseFileAuthApi, token: string): Observable<ExtendOutcome> {
    return trackedApi.isAuthenticated(token).pipe(
      map((result): ExtendOutcome => (result._tag === 'Left' ? 'failed' : result.right ? 'extended' : 'ended')),
      tap((outcome) => {
        if (outcome === 'ended') this.signals.next({ type: 'ended' });
      }),
    );
  }
}
