// Logout sequence of the case file, in order: API logout, clear cached login data,
// close the menu, fetch a fresh token, show the logged-out page.
import { EMPTY, concatMap, map, type Observable } from 'rxjs';
import type { LogoutEndState } from '../wire/index.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { KeyValueStorage, Logger, Navigator } from '../ports/platform.js';
import * as E from 'fp-ts/lib/Either.js';
import { REDIRECT_KEY, loginPath, logoutPath } from './caseFileRoutes.js';
import { clearCaseFileDrafts } from './caseFileDrafts.js';

/** Ports and view callbacks the logout sequence drives. */
export interface CaseFileLogoutDeps {
  readonly api: CaseFileAuthApi;
  readonly navigator: Navigator;
  readonly logger: Logger;
  /** Forgets cached login information (phone part, lawyer) held by the views. */
  readonly clearLoginData: () => void;
  readonly closeMenu: () => void;
}

/** The login data a logout forgets in this tab: a shared device must not show the previous person's unsent input. */
export function clearCaseFileLoginData(storage: KeyValueStorage, token: string): void {
  storage.remove(REDIRECT_KEY);
  clearCaseFileDrafts(storage, token);
}

/**
 * Message of the logged-out page, with a button back to the login of the token: the texts the page shows from its
 * i18n keys when it is reloaded (CaseFile.LoggedOut.*), the shared-device advice included.
 */
export function logoutEndState(token: string): LogoutEndState {
  return {
    Endstate: 'Logout',
    Title: 'Sie wurden abgemeldet',
    InfoText:
      'Sie haben sich erfolgreich von Ihrer digitalen Fallakte abgemeldet. Zum Schutz Ihrer Daten schließen Sie bitte auch das Browserfenster, wenn Sie ein fremdes Gerät nutzen.',
    ButtonLabel: 'Erneut anmelden',
    ButtonRedirectUrl: loginPath(token),
  };
}

/**
 * Runs the sequence and completes after navigating. A failing logout call is logged
 * but does not keep the client "logged in" on screen: local state is cleared anyway.
 */
export function logoutCaseFile(deps: CaseFileLogoutDeps, token: string): Observable<void> {
  return deps.api.logout().pipe(
    concatMap((result) => {
      if (E.isLeft(result)) deps.logger.warn('Abmelden der Fallakte fehlgeschlagen', result.left);
      deps.clearLoginData();
      deps.closeMenu();
      // Asking the server again issues a fresh anonymous session token for the next login.
      return deps.api.isAuthenticated(token);
    }),
    map(() => {
      deps.navigator.navigate(logoutPath(token), { replace: true, state: logoutEndState(token) });
    }),
  );
}

/**
 * The logged-out page reached without the sequence above (bookmark, history entry, shared link): it must not
 * claim a logout while the session lives on. When this token's session is live – or that cannot be told – the
 * sequence runs (it navigates to the page again, now with its end state); with no session it completes at once.
 * Repeating it is harmless: the server's logout is idempotent.
 */
export function endSessionOnLogoutPage(deps: CaseFileLogoutDeps, token: string): Observable<void> {
  return deps.api.isAuthenticated(token).pipe(concatMap((result) => (E.isRight(result) && !result.right ? EMPTY : logoutCaseFile(deps, token))));
}
