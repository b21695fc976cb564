// Login state: resumes an existing session (GET whoami), logs in and out; 401 becomes a German message key.
// Under LAWYER_MFA=required a lawyer without a second factor passes through the enrolment (SECURITY I1), whose answer
// brings the recovery codes to show once; a login with a recovery code brings how many are left. A lawyer with a passkey
// signs in with password and passkey instead of a code.
import { useCallback, useEffect, useState } from 'react';
import type { AppError, LawyerProfile, Result } from '@rechtschat/core';
import { isMfaEnrolment, type LawyerApi, type MfaEnrolment, type SignedInProfile } from '../api/lawyerApi.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { signInWithPasskey } from '../passkeys/browserPasskeys.js';

export type SessionState =
  | { readonly status: 'checking' }
  | { readonly status: 'signedOut'; readonly error: ConsoleTextKey | null; readonly busy: boolean }
  | {
      readonly status: 'signedIn';
      readonly me: LawyerProfile;
      /** The new factor's recovery codes, shown once until the lawyer confirms they are saved. */
      readonly recoveryCodes?: readonly string[];
      /** Signed in with a recovery code: how many unused ones remain. */
      readonly recoveryCodesLeft?: number;
    }
  /** Password accepted, no session yet: the second factor must be set up first. */
  | { readonly status: 'enrolment'; readonly enrolment: MfaEnrolment; readonly error: ConsoleTextKey | null; readonly busy: boolean };

export function errorKey(error: AppError): ConsoleTextKey {
  if (error._tag === 'NetworkError') return 'Error.Network';
  return 'Error.Generic';
}

/** 401/400: wrong credentials; 429: the account (or address) waits after repeated failures. */
function loginErrorKey(error: AppError): ConsoleTextKey {
  if (error._tag === 'HttpError' && (error.status === 401 || error.status === 400)) return 'Login.Wrong';
  if (error._tag === 'HttpError' && error.status === 429) return 'Login.Locked';
  return errorKey(error);
}

/** 400: wrong first code; 401: the enrolment expired (back to the login); 429: the account waits. */
function enrolmentErrorKey(error: AppError): ConsoleTextKey {
  if (error._tag === 'HttpError' && error.status === 400) return 'Enrolment.WrongCode';
  if (error._tag === 'HttpError' && error.status === 401) return 'Enrolment.Expired';
  if (error._tag === 'HttpError' && error.status === 429) return 'Login.Locked';
  return errorKey(error);
}

/** The state after the login's answer, with a code or with a passkey alike. */
function loginOutcome(result: Result<SignedInProfile | MfaEnrolment>): SessionState {
  if (result._tag === 'Left') return { status: 'signedOut', busy: false, error: loginErrorKey(result.left) };
  if (isMfaEnrolment(result.right)) return { status: 'enrolment', enrolment: result.right, error: null, busy: false };
  const { RecoveryCodesLeft, ...me } = result.right;
  return { status: 'signedIn', me, ...(RecoveryCodesLeft !== undefined ? { recoveryCodesLeft: RecoveryCodesLeft } : {}) };
}

export function useSession(api: LawyerApi | null) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    if (!api) return;
    let live = true;
    void api.whoAmI().then((result) => {
      if (!live) return;
      // No session (null) – or any failure of the probe – shows the login; that is no error to report.
      setState(result._tag === 'Right' && result.right !== null ? { status: 'signedIn', me: result.right } : { status: 'signedOut', error: null, busy: false });
    });
    return () => {
      live = false;
    };
  }, [api]);

  const login = useCallback(
    async (email: string, password: string, totpCode = '') => {
      if (!api) return;
      if (email.trim() === '' || password === '') {
        setState({ status: 'signedOut', error: 'Login.Missing', busy: false });
        return;
      }
      setState({ status: 'signedOut', error: null, busy: true });
      setState(loginOutcome(await api.login(email.trim(), password, totpCode.trim())));
    },
    [api],
  );

  /**
   * Password and a passkey in place of the code: the server's options (shaped alike for every address), the browser's
   * dialog, then the login with its assertion. A cancelled or unsupported dialog stays on the login with its message.
   */
  const loginWithPasskey = useCallback(
    async (email: string, password: string) => {
      if (!api) return;
      if (email.trim() === '' || password === '') {
        setState({ status: 'signedOut', error: 'Login.Missing', busy: false });
        return;
      }
      setState({ status: 'signedOut', error: null, busy: true });
      const options = await api.passkeyLoginOptions(email.trim());
      if (options._tag === 'Left') {
        setState({ status: 'signedOut', busy: false, error: loginErrorKey(options.left) });
        return;
      }
      const assertion = await signInWithPasskey(options.right);
      if (!assertion.ok) {
        setState({ status: 'signedOut', busy: false, error: assertion.error });
        return;
      }
      setState(loginOutcome(await api.login(email.trim(), password, '', assertion.response)));
    },
    [api],
  );

  /** Confirms the enrolment with the first code; an expired enrolment returns to the login. */
  const enrol = useCallback(
    async (enrolment: MfaEnrolment, code: string) => {
      if (!api) return;
      if (!/^\d{6}$/.test(code.trim())) {
        setState({ status: 'enrolment', enrolment, error: 'Enrolment.CodeMissing', busy: false });
        return;
      }
      setState({ status: 'enrolment', enrolment, error: null, busy: true });
      const result = await api.completeEnrolment(enrolment.EnrolmentToken, code.trim());
      if (result._tag === 'Right') {
        const { RecoveryCodes, ...me } = result.right;
        setState({ status: 'signedIn', me, recoveryCodes: RecoveryCodes });
      } else {
        const error = enrolmentErrorKey(result.left);
        setState(error === 'Enrolment.Expired' ? { status: 'signedOut', error, busy: false } : { status: 'enrolment', enrolment, error, busy: false });
      }
    },
    [api],
  );

  const cancelEnrolment = useCallback(() => setState({ status: 'signedOut', error: null, busy: false }), []);

  /** The recovery codes were saved, or the notice about a used one was read: the signed-in state keeps only `me`. */
  const dismissRecoveryNotice = useCallback(
    () => setState((current) => (current.status === 'signedIn' ? { status: 'signedIn', me: current.me } : current)),
    [],
  );

  const logout = useCallback(async () => {
    if (!api) return;
    await api.logout();
    setState({ status: 'signedOut', error: null, busy: false });
  }, [api]);

  /** The server no longer knows the session (401 elsewhere): ask to log in again. */
  const expire = useCallback(() => setState({ status: 'signedOut', error: 'Login.Expired', busy: false }), []);

  return { state, login, loginWithPasskey, enrol, cancelEnrolment, dismissRecoveryNotice, logout, expire };
}
