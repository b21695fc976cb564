// Route guard of the case file: protected case-file pages need a session for their token.
import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../result.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { KeyValueStorage, Navigator } from '../ports/platform.js';
import { loginPath, saveRedirectTarget } from './caseFileRoutes.js';
import { isSessionEnded } from './caseFileSession.js';

/**
 * What the guard found: `allowed` (signed in to this file), `login` (not signed in: the login was opened) or
 * `failed` (the check itself failed – no connection, 5xx: nobody knows yet, so the screen offers a retry).
 */
export type CaseFileGuardOutcome = { readonly status: 'allowed' } | { readonly status: 'login' } | { readonly status: 'failed'; readonly error: AppError };

/** Ports the guard needs. */
export interface CaseFileGuardDeps {
  readonly api: CaseFileAuthApi;
  readonly storage: KeyValueStorage;
  readonly navigator: Navigator;
}

/**
 * Emits `allowed` when the client may see `remainingPath` (the path after the token). When the server says the
 * client is not signed in (false, 401 or 403) it remembers that path for after the login, navigates to the login
 * page and emits `login`. Any other failure is not an answer about the session: it emits `failed` and stays put.
 */
export function guardCaseFileRoute(deps: CaseFileGuardDeps, token: string, remainingPath: string): Observable<CaseFileGuardOutcome> {
  return deps.api.isAuthenticated(token).pipe(
    map((result): CaseFileGuardOutcome => {
      if (E.isRight(result) && result.right) return { status: 'allowed' };
      if (E.isLeft(result) && !isSessionEnded(result.left)) return { status: 'failed', error: result.left };
      saveRedirectTarget(deps.storage, token, remainingPath);
      deps.navigator.navigate(loginPath(token), { replace: true });
      return { status: 'login' };
    }),
  );
}
