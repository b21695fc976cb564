// The case-file session ends on the server (30 minutes idle, or a logout in another tab): every content call then
// answers 401 (403 when the session belongs to another file). Loading and saving screens treat it alike: they say
// the session ended and lead to the PIN login of the same token, which brings the person back to the same screen.
import type { AppError } from '../result.js';
import type { KeyValueStorage } from '../ports/platform.js';
import { loginPath, saveRedirectTarget } from './caseFileRoutes.js';

/** True when the server refused the call because the client is not (or no longer) signed in to this file. Pure. */
export function isSessionEnded(error: AppError): boolean {
  return error._tag === 'HttpError' && (error.status === 401 || error.status === 403);
}

/**
 * Remembers `pathname` (a path of this token's case file) as the target after the next login and returns the
 * login page to open. A path outside the file is not stored; the login then opens the overview.
 */
export function loginAgainPath(storage: KeyValueStorage, token: string, pathname: string): string {
  const base = loginPath(token);
  if (pathname.startsWith(`${base}/`)) saveRedirectTarget(storage, token, pathname.slice(base.length));
  return base;
}
