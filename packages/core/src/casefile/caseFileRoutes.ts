// Paths of the digitale Fallakte and the one-shot redirect target.
import type { KeyValueStorage } from '../ports/platform.js';

/** Landing page of the digitale Fallakte; also where an invalid token leads. */
export const CASE_FILE_ROOT = '/digitale-fallakte';
/** The landing page after a link that names no case file: it then says why the person is there. */
export const INVALID_LINK_LANDING = `${CASE_FILE_ROOT}?link=ungueltig`;
/** The end page after the link of a case file the firm withdrew (created by mistake): says so and names the firm's contact. */
export const WITHDRAWN_LANDING = `${CASE_FILE_ROOT}/zurueckgezogen`;
/** sessionStorage key of the path to open after login. */
export const REDIRECT_KEY = 'redirectUrl';

/** PIN login page of a token. */
export function loginPath(token: string): string {
  return `${CASE_FILE_ROOT}/${encodeURIComponent(token)}`;
}

/** Default page after login. */
export function overviewPath(token: string): string {
  return `${loginPath(token)}/uebersicht`;
}

/** Logged-out end page of a token. */
export function logoutPath(token: string): string {
  return `${loginPath(token)}/abmelden`;
}

/** Keeps only a path inside this token's case file, so a stored value can never redirect elsewhere. */
function isInsideCaseFile(token: string, path: string): boolean {
  return path.startsWith(`${loginPath(token)}/`) && !path.includes('//') && !path.includes('..');
}

/** Stores the remaining path after the token, e.g. `fragebogen` → `/digitale-fallakte/{token}/fragebogen`. */
export function saveRedirectTarget(storage: KeyValueStorage, token: string, remainingPath: string): void {
  const rest = remainingPath.replace(/^\/+/, '');
  if (rest === '') return;
  storage.set(REDIRECT_KEY, `${loginPath(token)}/${rest}`);
}

/**
 * Where to go after a successful login: the stored target (used once, then removed),
 * else the second segment of the current case-file URL when present, else the overview.
 */
export function takeRedirectTarget(storage: KeyValueStorage, token: string, currentPath = ''): string {
  const stored = storage.get(REDIRECT_KEY);
  storage.remove(REDIRECT_KEY);
  if (stored !== null && isInsideCaseFile(token, stored)) return stored;
  const [, second] = segmentsAfterRoot(currentPath);
  return second ? `${loginPath(token)}/${second}` : overviewPath(token);
}

/** `/digitale-fallakte/abc/fragebogen?x` → ['abc', 'fragebogen']. */
function segmentsAfterRoot(path: string): string[] {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  if (!withoutQuery.startsWith(`${CASE_FILE_ROOT}/`)) return [];
  return withoutQuery
    .slice(CASE_FILE_ROOT.length + 1)
    .split('/')
    .filter((s) => s !== '');
}

/**
 * Where the header's "Zurück" leads from `pathname`: up within the case file, never out of it (the browser's history
 * may start outside: a new tab, another site, the login). Every screen of the token leads to its overview; the
 * overview itself (and a path outside the token's file) has no way up: null. Pure.
 */
export function upPath(token: string, pathname: string): string | null {
  const overview = overviewPath(token);
  const path = pathname.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  if (path === overview || !path.startsWith(`${loginPath(token)}/`)) return null;
  return overview;
}
