// Binds core's LawyerSession (login, enrolment, passkey login, logout) to React and turns its problems into the
// console's German message keys. The commands return when the session has settled, so a caller can await them.
import { useCallback, useMemo } from 'react';
import { filter, firstValueFrom, of } from 'rxjs';
import type { AppError, LawyerProfile, LawyerSession, LawyerSessionState, MfaEnrolment, SessionProblem } from '@rechtschat/core';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { passkeyFailureKey } from '../passkeys/browserPasskeys.js';
import { useStream } from '../workspace/useStream.js';

export type SessionState =
  | { readonly status: 'checking' }
  | { readonly status: 'signedOut'; readonly error: ConsoleTextKey | null; readonly busy: boolean; readonly retryAfterSeconds?: number }
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
      readonly error: ConsoleTextKey | null;
      readonly busy: boolean;
      readonly retryAfterSeconds?: number;
    };

export function errorKey(error: AppError): ConsoleTextKey {
  if (error._tag === 'NetworkError') return 'Error.Network';
  return 'Error.Generic';
}

const PROBLEM_KEYS: Readonly<
  Record<Exclude<SessionProblem, 'Cancelled' | 'AlreadyRegistered' | 'Insecure' | 'Unsupported' | 'Failed' | 'Unavailable'>, ConsoleTextKey>
> = {
  Missing: 'Login.Missing',
  Wrong: 'Login.Wrong',
  Locked: 'Login.Locked',
  Expired: 'Login.Expired',
  Idle: 'Login.Idle',
  Absolute: 'Login.Absolute',
  SignedOutElsewhere: 'Login.SignedOutElsewhere',
  Network: 'Error.Network',
  Generic: 'Error.Generic',
  CodeMissing: 'Enrolment.CodeMissing',
  WrongCode: 'Enrolment.WrongCode',
  EnrolmentExpired: 'Enrolment.Expired',
};

const problemKey = (problem: SessionProblem | null): ConsoleTextKey | null =>
  problem === null ? null : problem in PROBLEM_KEYS ? PROBLEM_KEYS[problem as keyof typeof PROBLEM_KEYS] : passkeyFailureKey(problem as never);

const waitOf = (state: { readonly retryAfterSeconds?: number }) =>
  state.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: state.retryAfterSeconds };

function toView(state: LawyerSessionState): SessionState {
  if (state.status === 'signedOut') return { status: 'signedOut', error: problemKey(state.problem), busy: state.busy, ...waitOf(state) };
  if (state.status === 'enrolment')
    return { status: 'enrolment', enrolment: state.enrolment, error: problemKey(state.problem), busy: state.busy, ...waitOf(state) };
  return state;
}

const CHECKING: LawyerSessionState = { status: 'checking' };
const NO_SESSION$ = of(CHECKING);

const settled = (state: LawyerSessionState) => state.status === 'signedIn' || (state.status !== 'checking' && !state.busy);

export function useSession(session: LawyerSession | null) {
  const core = useStream(session?.state$ ?? NO_SESSION$, session?.snapshot() ?? CHECKING);
  const state = useMemo(() => toView(core), [core]);
  /** Runs a command and resolves once the session is no longer busy with it. */
  const command = useCallback(
    async (run: (s: LawyerSession) => void) => {
      if (!session) return;
      run(session);
      await firstValueFrom(session.state$.pipe(filter(settled)), { defaultValue: CHECKING });
    },
    [session],
  );
  return {
    state,
    login: useCallback((email: string, password: string, totpCode = '') => command((s) => s.login(email, password, totpCode)), [command]),
    loginWithPasskey: useCallback((email: string, password: string) => command((s) => s.loginWithPasskey(email, password)), [command]),
    enrol: useCallback((code: string) => command((s) => s.enrol(code)), [command]),
    cancelEnrolment: useCallback(() => session?.cancelEnrolment(), [session]),
    dismissRecoveryNotice: useCallback(() => session?.dismissRecoveryNotice(), [session]),
    logout: useCallback(() => command((s) => s.logout()), [command]),
    expire: useCallback(() => session?.expire(), [session]),
    /** The countdown ran out: signs out, and the login says why („nach 30 Minuten ohne Aktivität“, „nach 12 Stunden“). */
    logoutIdle: useCallback((reason: 'Idle' | 'Absolute' = 'Idle') => command((s) => s.logout(reason)), [command]),
  };
}
