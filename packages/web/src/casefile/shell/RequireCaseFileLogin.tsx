// Guard of SPEC §4 for the protected routes: without a session for the token the path is kept
// for after the login and the login page opens. The assigned lawyer is loaded before the screens show.
import { useEffect, useState, type ReactNode } from 'react';
import { concatMap, map, of } from 'rxjs';
import { useLocation, useParams } from 'react-router-dom';
import { guardCaseFileRoute, loginPath, type CaseFileLawyer } from '@rechtschat/core';
import { PageLoading } from '../../layout/PageLoading.js';
import { CaseFileSessionContext, type CaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';

export function RequireCaseFileLogin({ children }: { readonly children: ReactNode }) {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const services = useCaseFileServices();
  const [session, setSession] = useState<CaseFileSession | null>(null);
  // Only the token decides; moving between screens of the same file does not ask again.
  const [guardedPath] = useState(pathname);

  useEffect(() => {
    const remaining = guardedPath.startsWith(loginPath(token)) ? guardedPath.slice(loginPath(token).length) : '';
    const subscription = guardCaseFileRoute(services, token, remaining)
      .pipe(
        concatMap((allowed) =>
          allowed ? services.api.getLawyer(token).pipe(map((result): CaseFileLawyer | null => (result._tag === 'Right' ? result.right : null))) : of(undefined),
        ),
      )
      .subscribe((lawyer) => {
        if (lawyer !== undefined) setSession({ token, lawyer });
      });
    return () => subscription.unsubscribe();
  }, [services, token, guardedPath]);

  if (!session || session.token !== token) return <PageLoading />;
  return <CaseFileSessionContext.Provider value={session}>{children}</CaseFileSessionContext.Provider>;
}
