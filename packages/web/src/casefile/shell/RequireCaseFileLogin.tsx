// Guard of the protected case-file routes: without a session for the token the path is kept
// for after the login and the login page opens. The assigned lawyer is loaded before the screens show.
// It asks once per token: moving between the file's screens does not ask again (the server refuses an ended
// session anyway, and every screen then says "Sitzung abgelaufen").
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { concatMap, map, of } from 'rxjs';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { useRouteParams } from '../../routing/hooks.js';
import { guardCaseFileRoute, loginPath, type CaseFileLawyer } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { SiteLayout } from '../../layout/SiteLayout.js';
import { useTranslation } from 'react-i18next';
import { CaseFileSessionContext, type CaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { CaseFileUnavailable } from '../CaseFileUnavailable.js';

export function RequireCaseFileLogin({ children }: { readonly children: ReactNode }) {
  const { token = '' } = useRouteParams();
  const { pathname } = useHistoryEntry();
  const services = useCaseFileServices();
  const { t } = useTranslation('common');
  const [session, setSession] = useState<CaseFileSession | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Only the token (and a retry) decides; the path and the services of the moment are read when it asks.
  const current = useRef({ services, pathname });
  useEffect(() => {
    current.current = { services, pathname };
  });

  useEffect(() => {
    const { services: ports, pathname: path } = current.current;
    const remaining = path.startsWith(loginPath(token)) ? path.slice(loginPath(token).length) : '';
    setFailed(false);
    const subscription = guardCaseFileRoute(ports, token, remaining)
      .pipe(
        concatMap((outcome) =>
          outcome.status === 'allowed'
            ? ports.api.getLawyer(token).pipe(map((result): CaseFileLawyer | null => (result._tag === 'Right' ? result.right : null)))
            : of(outcome.status),
        ),
      )
      .subscribe((lawyer) => {
        if (lawyer === 'failed') setFailed(true);
        else if (lawyer !== 'login') setSession({ token, lawyer });
      });
    return () => subscription.unsubscribe();
  }, [token, attempt]);

  if (failed) {
    return (
      <SiteLayout>
        <PageHeading>{t('CaseFile.Shell.Title')}</PageHeading>
        <CaseFileUnavailable onRetry={() => setAttempt((n) => n + 1)} />
      </SiteLayout>
    );
  }
  if (!session || session.token !== token) return <PageLoading />;
  return <CaseFileSessionContext.Provider value={session}>{children}</CaseFileSessionContext.Provider>;
}
