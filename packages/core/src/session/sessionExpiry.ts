// WCAG 2.2.1: every server session (case file, lawyer console) ends after 30 minutes without a counted call, and
// 12 hours after the login at the latest (packages/server/src/platform/sessions.ts). The server never sends the end
// to the client, so the client counts it from the calls it saw succeed, warns before the idle end, offers to extend
// it with a cheap authenticated call, and says when it has ended. Extending refreshes only the idle timer; the
// absolute limit stays where the login put it. Shared by the Fallakte (casefile/caseFileSessionActivity.ts) and the
// console (lawyer/account/lawyerSessionActivity.ts).
import { concat, distinctUntilChanged, map, merge, of, scan, switchMap, takeWhile, timer, type Observable, type SchedulerLike } from 'rxjs';

/** The server's idle timeout of every session kind (SESSION_IDLE_MS: web, chat, lawyer, casefile alike). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** The server's absolute limit of every session kind after the login (SESSION_ABSOLUTE_MS). */
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/**
 * The server writes a session's last activity at most once a minute (TOUCH_AFTER_MS), so its idle end can lie up to
 * 60 s before "last call + 30 min". The client counts that minute off and never promises time the server does not give.
 */
export const SESSION_TOUCH_SLACK_MS = 60_000;
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
 * 'timeout' when the idle countdown ran out, 'absolute' when the 12-hour limit after the login came first (the login
 * then says that, not "30 minutes without activity"), 'ended' when the server said so (a 401/403, a "no", the logout),
 * which the screen that made the call already shows.
 */
export type SessionExpiryState =
  | { readonly kind: 'active' }
  | { readonly kind: 'warning'; readonly secondsLeft: number; readonly canExtend: boolean }
  | { readonly kind: 'expired'; readonly reason: 'timeout' | 'absolute' | 'ended' };

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
const LIMIT_REACHED: SessionExpiryState = { kind: 'expired', reason: 'absolute' };
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
  const idleMs = options.idleMs ?? SESSION_IDLE_MS;
  const absoluteMs = options.absoluteMs ?? SESSION_ABSOLUTE_MS;
  const slackMs = options.slackMs ?? SESSION_TOUCH_SLACK_MS;
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
      const over = canExtend ? TIMED_OUT : LIMIT_REACHED;
      const now = scheduler.now();
      if (end <= now) return of(over);
      const warnIn = Math.max(0, end - warnMs - now);
      const warning =
        warnIn > 0
          ? concat(of(ACTIVE), timer(warnIn, scheduler).pipe(switchMap(() => countdown(end, canExtend, scheduler))))
          : countdown(end, canExtend, scheduler);
      return concat(warning, of(over));
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

/** What "Angemeldet bleiben" / "Sitzung verlängern" brought: 'extended', 'ended' (the server no longer knows the session), 'failed' (no answer). */
export type ExtendOutcome = 'extended' | 'ended' | 'failed';
