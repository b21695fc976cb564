// End pages of the case file: unknown paths, the logged-out page (after logout) and the static texts.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { useRouteParams } from '../../routing/hooks.js';
import { CASE_FILE_ROOT, clearCaseFileLoginData, endSessionOnLogoutPage, loginPath, overviewPath, type LogoutEndState } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { Button } from '../../ui/index.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { useFocusHeadingOnArrival } from '../useFocusOnArrival.js';
import { cameFromSending } from './sentConfirmation.js';

/** Any unknown path under the file. With a token the way back is the overview (the guard asks for a login if needed). */
export function CaseFileEndPage() {
  const { t } = useTranslation('common');
  const { token } = useRouteParams();
  return (
    <>
      <PageHeading>{t('CaseFile.End.Title')}</PageHeading>
      <p className="ui-text ui-mb-3">{t('CaseFile.End.Text')}</p>
      <Button variant="contained" to={token ? overviewPath(token) : CASE_FILE_ROOT}>
        {token ? t('CaseFile.ToOverview') : t('CaseFile.End.ToLanding')}
      </Button>
    </>
  );
}

function isLogoutState(state: unknown): state is LogoutEndState {
  return typeof state === 'object' && state !== null && (state as { Endstate?: unknown }).Endstate === 'Logout';
}

/**
 * Opened without the logout's end state (bookmark, history entry, shared link), the page first ends a live
 * session of the token, so it never confirms a logout that did not happen. True while that runs.
 */
function useEndLiveSession(token: string, needed: boolean): boolean {
  const services = useCaseFileServices();
  const [ending, setEnding] = useState(needed);
  useEffect(() => {
    if (!needed) return undefined;
    const deps = { ...services, clearLoginData: () => clearCaseFileLoginData(services.storage, token), closeMenu: () => undefined };
    // With a live session the sequence navigates here again with the end state; without one it just completes.
    const run = endSessionOnLogoutPage(deps, token).subscribe({ complete: () => setEnding(false) });
    return () => run.unsubscribe();
  }, [needed, token, services]);
  return needed && ending;
}

/** {urlToken}/abmelden: confirms the logout and leads back to the login of the same file. */
export function CaseFileLoggedOutPage() {
  const { t } = useTranslation('common');
  const { token = '' } = useRouteParams();
  const { state } = useHistoryEntry();
  // The logout use case passes its end state; a reload of the page shows the same German texts.
  const endState = isLogoutState(state) ? state : null;
  const ending = useEndLiveSession(token, endState === null);
  // The menu's logout button is gone: focus starts at this page's heading.
  useFocusHeadingOnArrival();
  if (ending) {
    return (
      <>
        <PageHeading>{t('CaseFile.LoggedOut.Ending')}</PageHeading>
        <PageLoading />
      </>
    );
  }
  return (
    <>
      <PageHeading>{endState?.Title ?? t('CaseFile.LoggedOut.Title')}</PageHeading>
      <p role="status" className="ui-text ui-mb-3">
        {endState?.InfoText ?? t('CaseFile.LoggedOut.Text')}
      </p>
      <Button variant="contained" to={loginPath(token)} replace>
        {endState?.ButtonLabel ?? t('CaseFile.LoggedOut.Again')}
      </Button>
    </>
  );
}

/**
 * A page confirming that something was sent or cancelled, with the way on. With `onlyAfterSendingElse` it confirms
 * only when the sending screen led here (`afterSending`); otherwise it goes to that path, which shows the real state.
 */
export function ConfirmationPage({
  titleKey,
  textKey,
  actions,
  onlyAfterSendingElse,
}: {
  readonly titleKey: string;
  readonly textKey: string;
  readonly actions: ReadonlyArray<{ readonly to: string; readonly labelKey: string }>;
  readonly onlyAfterSendingElse?: string;
}) {
  const { t } = useTranslation('common');
  const { state } = useHistoryEntry();
  if (onlyAfterSendingElse !== undefined && !cameFromSending(state)) return <Redirect to={onlyAfterSendingElse} replace />;
  return (
    <>
      <PageHeading>{t(titleKey)}</PageHeading>
      <p role="status" className="ui-text ui-mb-3">
        {t(textKey)}
      </p>
      <div className="casefile-actions">
        {actions.map((action, index) => (
          <Button key={action.to} variant={index === 0 ? 'contained' : 'outlined'} to={action.to}>
            {t(action.labelKey)}
          </Button>
        ))}
      </div>
    </>
  );
}
