// The case file's half of the session-expiry warning: which case-file calls the server counts as activity, the
// login time kept for a reload, and the extension by the authenticated check. The watcher itself is shared with the
// console (session/sessionExpiry.ts).
import { BehaviorSubject, Subject, defer, map, merge, of, tap, type Observable, type SchedulerLike } from 'rxjs';
import type { Result } from '../result.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { CaseFileContentApi } from '../ports/caseFileContentApi.js';
import type { KeyValueStorage } from '../ports/platform.js';
import { sessionExpiry, type ExtendOutcome, type SessionExpiryOptions, type SessionExpiryState, type SessionSignal } from '../session/sessionExpiry.js';
import { isSessionEnded } from './caseFileSession.js';

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

  /** A background read (the live refresh) is no activity; its 401/403 still says that the session ended. */
  content(api: CaseFileContentApi): CaseFileContentApi {
    return {
      getCase: (token, options) => this.track(api.getCase(token, options), () => options?.background !== true),
      getPerson: (token, options) => this.track(api.getPerson(token, options), () => options?.background !== true),
      updatePerson: (token, update) => this.track(api.updatePerson(token, update)),
      getHistory: (token, options) => this.track(api.getHistory(token, options), () => options?.background !== true),
      getDocuments: (token, options) => this.track(api.getDocuments(token, options), () => options?.background !== true),
      // Progress events are the browser's own; only the stored document shows the server took the call.
      uploadDocument: (token, file) => this.track(api.uploadDocument(token, file), (event) => event._tag === 'Done'),
      deleteDocument: (token, documentId) => this.track(api.deleteDocument(token, documentId)),
      documentUrl: (token, documentId) => api.documentUrl(token, documentId),
      powerOfAttorneyUrl: (token) => api.powerOfAttorneyUrl(token),
      sendContact: (token, message) => this.track(api.sendContact(token, message)),
      getContacts: (token, options) => this.track(api.getContacts(token, options), () => options?.background !== true),
      markSeen: (token, screen) => this.track(api.markSeen(token, screen)),
      getQuestionnaire: (token, options) => this.track(api.getQuestionnaire(token, options), () => options?.background !== true),
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
