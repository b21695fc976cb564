// One answer to an ended session (401/403) for every case-file screen, whether it was loading or saving: say that
// the session ended and lead to the PIN login of the same token, which returns to this screen afterwards.
// A "please try again" would fail the same way forever.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistoryEntry } from '../routing/AppRouter.js';
import { isSessionEnded, loginAgainPath, loginPath, type AppError } from '@rechtschat/core';
import { Alert, Button } from '../ui/index.js';
import { useCaseFileSession } from './CaseFileContext.js';
import { useCaseFileServices } from './caseFileServices.js';

export function SessionEndedAlert({
  token,
  inputKept = false,
  role = 'alert',
  takeFocus = true,
}: {
  readonly token: string;
  readonly inputKept?: boolean;
  /** "none" inside a live region of the page's own (a nested alert would be announced twice). */
  readonly role?: 'alert' | 'none';
  /**
   * Move the focus to the notice when it appears (default): it answers something the person just did – a send, a
   * save, an upload, a file link – and sits at the top of the screen, on a phone far above the pressed button, which
   * kept the focus and showed nothing. Focusing scrolls it into view (below the sticky header: scroll-padding-top)
   * and screen readers read it; Tab goes on to "Erneut anmelden". false where nothing was pressed (a screen that
   * loads, the shell's expiry view whose heading takes the focus).
   */
  readonly takeFocus?: boolean;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useHistoryEntry();
  const { storage } = useCaseFileServices();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) notice.current?.focus();
  }, [takeFocus]);
  return (
    <Alert
      ref={notice}
      tabIndex={takeFocus ? -1 : undefined}
      severity="warning"
      role={role}
      className="ui-mb-2"
      action={
        // The login opens this screen again (redirect target); the form's draft is kept in the tab meanwhile.
        <Button to={loginPath(token)} color="inherit" onClick={() => loginAgainPath(storage, token, pathname)}>
          {t('CaseFile.Load.LoginAgain')}
        </Button>
      }
    >
      {t('CaseFile.Load.SessionEnded')}
      {inputKept && ` ${t('CaseFile.Load.InputKept')}`}
    </Alert>
  );
}

/**
 * The alert of a failed save (render it inside the form's live region): the ended session with the way to the
 * login, any other failure with the page's own text. Nothing while `error` is null.
 */
export function SaveFailed({
  error,
  messageKey,
  inputKept = false,
}: {
  readonly error: AppError | null;
  readonly messageKey: string;
  readonly inputKept?: boolean;
}) {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  if (error === null) return null;
  if (isSessionEnded(error)) return <SessionEndedAlert token={token} inputKept={inputKept} />;
  // Offline (a phone in a dead spot): say so, not only „nicht gesendet“, so the person knows what to wait for.
  const offline = error._tag === 'NetworkError' || error._tag === 'Timeout';
  return (
    <Alert severity="error" className="ui-mb-2">
      <span>{t(messageKey)}</span>
      {offline && <span> {t(inputKept ? 'CaseFile.Save.OfflineKept' : 'CaseFile.Save.Offline')}</span>}
    </Alert>
  );
}
