// WCAG 2.2.1: before the case-file session ends for inactivity, a dialog says so with the time left
// and offers to extend it (focus on "Sitzung verlängern"); Escape extends as well, it never just hides the warning.
// The time is spoken politely at the warning and then once per whole minute, not every second. When the time has
// run out, the shell shows the SessionEnded state instead of the screen (the screen's draft stays in the tab).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcedMinutes, countdownText, type SessionExpiryState } from '@rechtschat/core';
import { useObservableState } from '../../chat/screen/useObservableState.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { Alert, Button, Dialog, DialogActions, DialogContent } from '../../ui/index.js';
import { SessionEndedAlert } from '../SessionEnded.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { focusMainHeading } from '../useFocusOnArrival.js';

/** The watcher's state for this file, and whether the session is over for the shell (ran out, or refused on extend). */
export function useSessionExpiry(token: string): { readonly state: SessionExpiryState | undefined; readonly over: boolean; readonly end: () => void } {
  const { sessionActivity } = useCaseFileServices();
  const expiry$ = useMemo(() => sessionActivity.expiry$(token), [sessionActivity, token]);
  const state = useObservableState(expiry$);
  const [refused, setRefused] = useState(false);
  // A 401 of a load or save is shown by that screen itself; the shell takes over only when the time ran out (idle or
  // the 12-hour limit).
  const over = refused || (state?.kind === 'expired' && state.reason !== 'ended');
  return { state, over, end: () => setRefused(true) };
}

export function SessionExpiryDialog({
  token,
  secondsLeft,
  canExtend,
  onLogout,
  onEnded,
}: {
  readonly token: string;
  readonly secondsLeft: number;
  readonly canExtend: boolean;
  readonly onLogout: () => void;
  /** The server refused the extension: the session is gone. */
  readonly onEnded: () => void;
}) {
  const { t } = useTranslation('common');
  const { api, sessionActivity } = useCaseFileServices();
  const textId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);
  const [extending, setExtending] = useState(false);
  const [failed, setFailed] = useState(false);
  // Without an extension to offer, "Verstanden" hides the notice until the end.
  const [acknowledged, setAcknowledged] = useState(false);
  const minutes = announcedMinutes(secondsLeft);

  // After <dialog>.showModal (the Dialog's own effect runs first): the person lands on the main action.
  useEffect(() => firstButton.current?.focus(), []);

  const extend = () => {
    if (extending) return;
    setExtending(true);
    setFailed(false);
    sessionActivity.extend(api, token).subscribe((outcome) => {
      setExtending(false);
      if (outcome === 'failed') setFailed(true);
      if (outcome === 'ended') onEnded();
    });
  };

  return (
    <Dialog
      open={!acknowledged}
      role="alertdialog"
      aria-describedby={textId}
      className="casefile-session-dialog"
      title={t('CaseFile.Session.WarningTitle')}
      // Escape is never a silent "go away": it extends, or (nothing to extend) acknowledges the notice.
      onClose={() => (canExtend ? extend() : setAcknowledged(true))}
      maxWidth="xs"
    >
      <DialogContent>
        {/* The live region changes only with the whole minute; the dialog's description speaks it on opening. */}
        <p id={textId} role="status" aria-live="polite" aria-atomic="true">
          {t(canExtend ? 'CaseFile.Session.WarningText' : 'CaseFile.Session.AbsoluteText', { count: minutes })}
        </p>
        <p className="casefile-session-dialog__time">{t('CaseFile.Session.TimeLeft', { time: countdownText(secondsLeft) })}</p>
        {canExtend && <p>{t('CaseFile.Session.ExtendHint')}</p>}
        {failed && (
          <Alert severity="error" role="alert">
            {t('CaseFile.Session.ExtendFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {canExtend ? (
          <Button ref={firstButton} variant="contained" onClick={extend} aria-disabled={extending}>
            {extending ? t('CaseFile.Session.Extending') : t('CaseFile.Session.Extend')}
          </Button>
        ) : (
          <Button ref={firstButton} variant="contained" onClick={() => setAcknowledged(true)}>
            {t('CaseFile.Session.Understood')}
          </Button>
        )}
        <Button variant="outlined" onClick={onLogout}>
          {t('CaseFile.Session.Logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Instead of the screen once the session ran out: the SessionEnded alert, whose login returns to this screen. */
export function SessionExpiredView({ token }: { readonly token: string }) {
  const { t } = useTranslation('common');
  // The dialog (and the button that had focus) is gone: start at this page's heading.
  useEffect(() => focusMainHeading(), []);
  return (
    <>
      <PageHeading>{t('CaseFile.Session.ExpiredTitle')}</PageHeading>
      <SessionEndedAlert token={token} inputKept takeFocus={false} />
    </>
  );
}
