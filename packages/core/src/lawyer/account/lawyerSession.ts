// Login state of the console: resumes an existing session (whoami), logs in with password and a code or a passkey,
// and out. Under LAWYER_MFA=required a lawyer without a second factor passes through the enrolment, whose answer brings
// the recovery codes to show once; a login with a recovery code brings how many are left. A sign-out is the browser's
// (the session is a cookie shared by every tab), so it is announced to the other tabs, which go to the login at once.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { Call } from '../../ports/call.js';
import type { LawyerLogin, LawyerSessionApi, PasskeyDialogs, PasskeyFailure } from '../../ports/lawyerAccount.js';
import type { AppError, Result } from '../../result.js';
import { lockWaitOf } from './accountCall.js';
import { isMfaEnrolment, type LawyerProfile, type MfaEnrolment, type SignedInProfile } from '../../wire/index.js';
import { aloneInBrowser, type SessionEndReason, type SessionTabChannel } from '../../session/sessionTabs.js';

/** Why the login or the enrolment did not go through; the console turns it into its German message. */
export type SessionProblem =
  | 'Missing'
  | 'Wrong'
  | 'Locked'
  /** The server no longer knows the session. */
  | 'Expired'
  /** The console's idle countdown ran out (30 minutes without a counted call): the login says so. */
  | 'Idle'
  /** The 12-hour limit after the login was reached: the login says so. */
  | 'Absolute'
  /** „Abmelden“ in another tab of the browser ended the shared session. */
  | 'SignedOutElsewhere'
  | 'Network'
  | 'Generic'
  | 'CodeMissing'
  | 'WrongCode'
  | 'EnrolmentExpired'
  | PasskeyFailure;

export type LawyerSessionState =
  | { readonly status: 'checking' }
  | {
      readonly status: 'signedOut';
      readonly problem: SessionProblem | null;
      readonly busy: boolean;
      /** With problem Locked: the server's Retry-After, so the console can name the wait. */
      readonly retryAfterSeconds?: number;
    }
  | {
      readonly status: 'signedIn';
      readonly me: LawyerProfile;
      /** The new factor's recovery codes, shown once until the lawyer confirms they are saved. */
      readonly recoveryCodes?: readonly string[];
      /** Signed in with a recovery code: how many unused ones remain. */
      readonly recoveryCodesLeft?: number;
    }
  /** Password accepted, no session yet: the second factor must be set up first. */
  | {
      readonly status: 'enrolment';
      readonly enrolment: MfaEnrolment;
      readonly problem: SessionProblem | null;
      readonly busy: boolean;
      /** With problem Locked: the server's Retry-After. */
      readonly retryAfterSeconds?: number;
    };

export interface LawyerSession {
  readonly state$: Observable<LawyerSessionState>;
  snapshot(): LawyerSessionState;
  /** Asks whether this browser still has a session; no session, or a failed probe, shows the login. */
  start(): void;
  login(email: string, password: string, totpCode?: string): void;
  /** Password and a passkey in place of the code: the server's options, the browser's dialog, then the login. */
  loginWithPasskey(email: string, password: string): void;
  /** Confirms the enrolment with the first code; an expired enrolment returns to the login. */
  enrol(code: string): void;
  cancelEnrolment(): void;
  /** The recovery codes were saved, or the notice about a used one was read. */
  dismissRecoveryNotice(): void;
  /**
   * Signs out and tells the browser's other tabs, which leave to the login with the same reason (without asking the
   * server again). With 'Idle' the console's idle countdown ran out, with 'Absolute' the 12-hour limit; the login says so.
   */
  logout(reason?: 'Idle' | 'Absolute'): void;
  /** A 401 elsewhere: the server no longer knows the session. */
  expire(): void;
  /**
   * An administration call was refused (403): an administrator may have changed this lawyer's role since the login.
   * Reads the profile again, so the console stops offering (or starts offering) the administration at once.
   */
  refreshProfile(): void;
  dispose(): void;
}

export interface LawyerSessionDeps {
  readonly api: LawyerSessionApi;
  readonly passkeys: PasskeyDialogs;
  /** The browser's other tabs (one shared session); without it this tab is alone. */
  readonly tabs?: SessionTabChannel;
}

const ANNOUNCED: Readonly<Record<'Idle' | 'Absolute' | 'logout', SessionEndReason>> = { Idle: 'idle', Absolute: 'absolute', logout: 'logout' };
/** What the login says when another tab signed out. */
const HEARD: Readonly<Record<SessionEndReason, SessionProblem>> = { idle: 'Idle', absolute: 'Absolute', logout: 'SignedOutElsewhere' };

const signedOut = (problem: SessionProblem | null = null, busy = false): LawyerSessionState => ({ status: 'signedOut', problem, busy });

function generalProblem(error: AppError): SessionProblem {
  return error._tag === 'NetworkError' ? 'Network' : 'Generic';
}

/** 401/400: wrong credentials; 429: the account (or address) waits after repeated failures. */
function loginProblem(error: AppError): SessionProblem {
  if (error._tag === 'HttpError' && (error.status === 401 || error.status === 400)) return 'Wrong';
  if (error._tag === 'HttpError' && error.status === 429) return 'Locked';
  return generalProblem(error);
}

/** 400: wrong first code; 401: the enrolment expired (back to the login); 429: the account waits. */
function enrolmentProblem(error: AppError): SessionProblem {
  if (error._tag === 'HttpError' && error.status === 400) return 'WrongCode';
  if (error._tag === 'HttpError' && error.status === 401) return 'EnrolmentExpired';
  if (error._tag === 'HttpError' && error.status === 429) return 'Locked';
  return generalProblem(error);
}

/** The Retry-After seconds of a 429, as a state field (absent when the server named no wait). */
function waitOf(error: AppError): { readonly retryAfterSeconds?: number } {
  const seconds = lockWaitOf(error);
  return seconds === undefined ? {} : { retryAfterSeconds: seconds };
}

/** Signed out because the login was refused, with the wait when the account is locked. */
const refused = (error: AppError): LawyerSessionState => ({ ...signedOut(loginProblem(error)), ...waitOf(error) });

/** The state after the login's answer, with a code or with a passkey alike. */
function loginOutcome(result: Result<SignedInProfile | MfaEnrolment>): LawyerSessionState {
  if (result._tag === 'Left') return refused(result.left);
  if (isMfaEnrolment(result.right)) return { status: 'enrolment', enrolment: result.right, problem: null, busy: false };
  const { RecoveryCodesLeft, ...me } = result.right;
  return { status: 'signedIn', me, ...(RecoveryCodesLeft !== undefined ? { recoveryCodesLeft: RecoveryCodesLeft } : {}) };
}

export function createLawyerSession({ api, passkeys, tabs = aloneInBrowser }: LawyerSessionDeps): LawyerSession {
  const state = new BehaviorSubject<LawyerSessionState>({ status: 'checking' });
  const running = new Subscription();
  const set = (next: LawyerSessionState) => state.next(next);
  const run = <A>(call: Call<A>, next: (result: Result<A>) => void) => running.add(call.pipe(take(1)).subscribe(next));

  /** The credentials trimmed as sent, or null after saying what is missing. */
  const credentials = (email: string, password: string): LawyerLogin | null => {
    if (email.trim() === '' || password === '') {
      set(signedOut('Missing'));
      return null;
    }
    set(signedOut(null, true));
    return { Email: email.trim(), Password: password };
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    start: () => {
      // Another tab signed out: the shared session is gone here too. The login says why; no second logout request.
      running.add(
        tabs.messages$.subscribe((message) => {
          if (message.type === 'signedOut' && state.value.status === 'signedIn') set(signedOut(HEARD[message.reason]));
        }),
      );
      run(api.whoAmI(), (result) => set(result._tag === 'Right' && result.right !== null ? { status: 'signedIn', me: result.right } : signedOut()));
    },
    login: (email, password, totpCode = '') => {
      const login = credentials(email, password);
      // TotpCode is sent only when given: lawyers without a second factor have none.
      if (login) run(api.login(totpCode.trim() ? { ...login, TotpCode: totpCode.trim() } : login), (result) => set(loginOutcome(result)));
    },
    loginWithPasskey: (email, password) => {
      const login = credentials(email, password);
      if (!login) return;
      run(api.passkeyLoginOptions(login.Email), (options) => {
        if (options._tag === 'Left') return set(refused(options.left));
        running.add(
          passkeys
            .authenticate(options.right)
            .pipe(take(1))
            .subscribe((assertion) => {
              if (!assertion.ok) return set(signedOut(assertion.failure));
              run(api.login({ ...login, WebAuthn: assertion.response }), (result) => set(loginOutcome(result)));
            }),
        );
      });
    },
    enrol: (code) => {
      const current = state.value;
      if (current.status !== 'enrolment') return;
      const { enrolment } = current;
      if (!/^\d{6}$/.test(code.trim())) return set({ status: 'enrolment', enrolment, problem: 'CodeMissing', busy: false });
      set({ status: 'enrolment', enrolment, problem: null, busy: true });
      run(api.completeEnrolment(enrolment.EnrolmentToken, code.trim()), (result) => {
        if (result._tag === 'Right') {
          const { RecoveryCodes, ...me } = result.right;
          return set({ status: 'signedIn', me, recoveryCodes: RecoveryCodes });
        }
        const problem = enrolmentProblem(result.left);
        set(problem === 'EnrolmentExpired' ? signedOut(problem) : { status: 'enrolment', enrolment, problem, busy: false, ...waitOf(result.left) });
      });
    },
    cancelEnrolment: () => set(signedOut()),
    dismissRecoveryNotice: () => {
      const current = state.value;
      if (current.status === 'signedIn') set({ status: 'signedIn', me: current.me });
    },
    // Signed out here whatever the server answers: the lawyer asked to leave. The other tabs hear it before the request
    // goes out, so one whose own countdown ends a moment later leaves without a second logout request.
    logout: (reason) => {
      tabs.post({ type: 'signedOut', reason: ANNOUNCED[reason ?? 'logout'] });
      run(api.logout(), () => set(signedOut(reason ?? null)));
    },
    expire: () => set(signedOut('Expired')),
    refreshProfile: () =>
      run(api.whoAmI(), (result) => {
        const current = state.value;
        if (current.status !== 'signedIn' || result._tag === 'Left') return;
        if (result.right === null) return set(signedOut('Expired'));
        if (result.right.Role !== current.me.Role) set({ ...current, me: { ...current.me, Role: result.right.Role } });
      }),
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
