// Route guard of SPEC §4: protected case-file pages need a session for their token.
import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { KeyValueStorage, Navigator } from '../ports/platform.js';
import { loginPath, saveRedirectTarget } from './caseFileRoutes.js';

/** Ports the guard needs. */
export interface CaseFileGuardDeps {
  readonly api: CaseFileAuthApi;
  readonly storage: KeyValueStorage;
  readonly navigator: Navigator;
}

/**
 * Emits true when the client may see `remainingPath` (the path after the token).
 * Otherwise remembers that path for after the login, navigates to the login page
 * and emits false. A failed check counts as "not authenticated".
 */
export function guardCaseFileRoute(deps: CaseFileGuardDeps, token: string, remainingPath: string): Observable<boolean> {
  return deps.api.isAuthenticated(token).pipe(
    map((result) => {
      if (E.isRight(result) && result.right) return true;
      saveRedirectTarget(deps.storage, token, remainingPath);
      deps.navigator.navigate(loginPath(token), { replace: true });
      return false;
    }),
  );
}
