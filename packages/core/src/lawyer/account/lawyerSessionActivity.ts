// The console's half of the session-expiry warning (SECURITY.md C5, WCAG 2.2.1). A lawyer's session ends on the server
// after 30 minutes without a counted call – an authenticated HTTP call or a hub call other than Ping – and the server
// never tells the client when (no expiry in any answer). So the console counts the lawyer's own calls, with the shared
// watcher (session/sessionExpiry.ts), warns two minutes before the end and signs out at it, saying why. The session is
// the browser's (a cookie shared by every tab), so the tabs share their activity (session/sessionTabs.ts): a lawyer
// working in one tab is not signed out by another that sat untouched.
import { BehaviorSubject, Subject, defer, filter, map, merge, of, switchMap, tap, timer, type Observable, type SchedulerLike } from 'rxjs';
import type { Call } from '../../ports/call.js';
import type { LawyerSessionApi } from '../../ports/lawyerAccount.js';
import { isMfaEnrolment } from '../../wire/index.js';
import { sessionExpiry, type ExtendOutcome, type SessionExpiryOptions, type SessionExpiryState, type SessionSignal } from '../../session/sessionExpiry.js';
import { aloneInBrowser, type SessionTabChannel } from '../../session/sessionTabs.js';

export interface LawyerSessionActivityOptions {
  /** The browser's other tabs of the console (one shared session): their activity counts here, this tab's there. */
  readonly tabs?: SessionTabChannel;
  /**
   * How long this tab waits after its countdown ran out before it signs out (default 0). Every tab counts to the same
   * end; a small delay that differs per tab lets the first one's announced sign-out reach the others before they ask
   * the server a second time.
   */
  readonly signOutDelayMs?: number;
}

/**
 * The console's own re-reads, made without the lawyer doing anything: callbacks and the case-file list every minute,
 * the queue, chats, colleagues and the profile after a hub event or a (re)connect. The server counts them as activity (each passes its
 * session check), so an open console never reached the idle timeout – the console therefore counts what the lawyer
 * does and ends the session itself when that stopped for the idle time (see ConsoleApp's idle logout).
 */
const BACKGROUND_READS = /^api\/lawyer\/(callbacks|queue|chats|chats\/finished|colleagues|case-files|me)$/;

/**
 * Whether a successful call to this chat-host path (after the host's address, e.g. `api/lawyer/me`) is the lawyer's
 * activity: it passed the server's lawyer-session check (which extends the idle timer) and was not one of the console's
 * automatic re-reads. whoami (200 with `null` without a session), the login steps and the logout are left to
 * `sessionApi`; public paths (account links, the chat's) never count. Pure.
 */
export function countsAsLawyerActivity(method: string, path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? '';
  if (/^api\/lawyer\/(whoami|login|logout)(\/|$)/.test(bare)) return false;
  if (method.toUpperCase() === 'GET' && BACKGROUND_READS.test(bare)) return false;
  return /^api\/(lawyer|admin|reports)\//.test(bare);
}

/** The hub's keep-alive: the server does not count it as activity (hubMethods.ts), so neither does the console. */
export const countsAsLawyerHubActivity = (method: string): boolean => method !== 'Ping';

/**
 * Collects the lawyer session's signals on one scheduler: `started()` before a call, and its answer's `counted()`
 * when the server took it (the idle timer restarts from the call's start – the server's touch came after it); the
 * session port wrapped by `sessionApi` reports logins, the resumed session and its end. `expiry$` is the watcher.
 */
export class LawyerSessionActivity {
  private readonly signals = new Subject<SessionSignal>();
  /** The login and the latest activity, replayed to a watcher that subscribes later (the console mounts after the login). */
  private readonly known = new BehaviorSubject<readonly SessionSignal[]>([]);

  private readonly tabs: SessionTabChannel;
  private readonly signOutDelayMs: number;

  constructor(
    private readonly scheduler: SchedulerLike,
    options: LawyerSessionActivityOptions = {},
  ) {
    this.tabs = options.tabs ?? aloneInBrowser;
    this.signOutDelayMs = options.signOutDelayMs ?? 0;
    this.signals.subscribe((signal) => {
      const keep = this.known.value.filter((s) => s.type === 'login' && signal.type === 'activity');
      this.known.next([...keep, signal]);
    });
  }

  /** The start of a call; call the returned function once the server took it. The other tabs hear of it too. */
  started(): () => void {
    const at = this.scheduler.now();
    return () => {
      this.signals.next({ type: 'activity', at });
      this.tabs.post({ type: 'activity', at });
    };
  }

  /** The session is gone (logout, a refused extension, a 401 elsewhere): the watcher stops counting. */
  ended(): void {
    this.signals.next({ type: 'ended' });
  }

  /**
   * The watcher: 'warning' 2 minutes before the idle end counted from the latest activity of any tab, 'expired' at it
   * (after this tab's sign-out delay; activity elsewhere meanwhile still withdraws it).
   */
  expiry$(options?: SessionExpiryOptions): Observable<SessionExpiryState> {
    const elsewhere$ = this.tabs.messages$.pipe(
      filter((message) => message.type === 'activity'),
      map((message): SessionSignal => ({ type: 'activity', at: message.at })),
    );
    const signals$ = defer(() => merge(of(...this.known.value), this.signals, elsewhere$));
    const delay = this.signOutDelayMs;
    return sessionExpiry(signals$, this.scheduler, options).pipe(
      switchMap((state) =>
        delay > 0 && state.kind === 'expired' && state.reason !== 'ended' ? timer(delay, this.scheduler).pipe(map(() => state)) : of(state),
      ),
    );
  }

  /** The session port, reporting its logins (a new session: the 12-hour limit starts), the resumed session and the logout. */
  sessionApi(api: LawyerSessionApi): LawyerSessionApi {
    const login = <A>(call: Call<A>, opened: (value: A) => boolean): Call<A> =>
      defer(() => {
        const at = this.scheduler.now();
        return call.pipe(
          tap((result) => {
            if (result._tag === 'Right' && opened(result.right)) this.signals.next({ type: 'login', at });
          }),
        );
      });
    return {
      whoAmI: () =>
        defer(() => {
          const counted = this.started();
          return api.whoAmI().pipe(
            tap((result) => {
              if (result._tag !== 'Right') return;
              // Only a profile shows a live session (and the server's lookup extended its idle timer).
              if (result.right === null) this.ended();
              else counted();
            }),
          );
        }),
      // The enrolment answer opens no session yet; the profile does.
      login: (request) => login(api.login(request), (value) => !isMfaEnrolment(value)),
      passkeyLoginOptions: (email) => api.passkeyLoginOptions(email),
      completeEnrolment: (token, code) => login(api.completeEnrolment(token, code), () => true),
      logout: () => api.logout().pipe(tap(() => this.ended())),
    };
  }

  /**
   * „Angemeldet bleiben“ with `trackedApi` (the result of `sessionApi()`): whoami is the cheapest call the server counts
   * (its session lookup refreshes the idle timer, never the 12-hour limit). 'ended': the server no longer knows the
   * session; 'failed': no answer (network) – the warning stays and the lawyer may try again.
   */
  extend(trackedApi: LawyerSessionApi): Observable<ExtendOutcome> {
    return trackedApi.whoAmI().pipe(map((result): ExtendOutcome => (result._tag === 'Left' ? 'failed' : result.right === null ? 'ended' : 'extended')));
  }
}
