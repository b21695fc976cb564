// Binds core's idle watcher (LawyerSessionActivity.expiry$) to the console while a lawyer is signed in: the warning to
// show, „Angemeldet bleiben“ (whoami, which the server counts as activity), and the end when the countdown ran out.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LawyerSessionActivity, LawyerSessionApi, SessionExpiryState } from '@rechtschat/core';

type Warning = Extract<SessionExpiryState, { kind: 'warning' }>;

export function useIdleLogout(options: {
  readonly activity: LawyerSessionActivity;
  /** The session port (untracked; the extension wraps it so its answer restarts the countdown). */
  readonly sessionApi: LawyerSessionApi | null;
  readonly signedIn: boolean;
  /** The countdown ran out – the idle time ('Idle') or the 12-hour limit ('Absolute'): sign out on this side and say why. */
  readonly onIdle: (reason: 'Idle' | 'Absolute') => void;
  /** The server no longer knew the session when asked to extend it. */
  readonly onEnded: () => void;
}) {
  const { activity, sessionApi, signedIn } = options;
  const latest = useRef(options);
  latest.current = options;
  const [warning, setWarning] = useState<Warning | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [staying, setStaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const subscription = activity.expiry$().subscribe((state) => {
      setWarning(state.kind === 'warning' ? state : null);
      if (state.kind !== 'warning') {
        setAcknowledged(false);
        setFailed(false);
      }
      if (state.kind === 'expired' && state.reason !== 'ended') latest.current.onIdle(state.reason === 'absolute' ? 'Absolute' : 'Idle');
    });
    return () => {
      subscription.unsubscribe();
      setWarning(null);
    };
  }, [activity, signedIn]);

  const stay = useCallback(() => {
    if (staying || sessionApi === null) return;
    setStaying(true);
    setFailed(false);
    activity.extend(activity.sessionApi(sessionApi)).subscribe((outcome) => {
      setStaying(false);
      if (outcome === 'failed') setFailed(true);
      if (outcome === 'ended') latest.current.onEnded();
    });
  }, [activity, sessionApi, staying]);

  return { warning: acknowledged ? null : warning, staying, failed, stay, acknowledge: () => setAcknowledged(true) };
}
