// File links of the case file (document downloads, the Vollmacht PDF) are real links, so the keyboard, "open in new
// tab" and the context menu work. After the session ended, though, the browser would save or show the server's raw
// 401 answer. A plain click therefore first asks the cheap "signed in?" call and opens the link only when the
// session is still live; otherwise the page says the session ended, as every other case-file action does.
import { asyncScheduler, catchError, map, of, take, timeout, type Observable, type SchedulerLike } from 'rxjs';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import { isSessionEnded } from './caseFileSession.js';

/** What to do with a clicked file link. */
export type FileLinkCheck = 'open' | 'session-ended';

/**
 * The longest wait for the check. Browsers let a page open a tab or start a download only shortly after the click
 * (Chromium: 5 s), so a slower answer opens the link unchecked rather than losing it.
 */
export const FILE_LINK_CHECK_TIMEOUT_MS = 3000;

/** The parts of a click that decide whether the page may check it first. */
export interface LinkClick {
  readonly button: number;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
}

/**
 * True for a plain activation (primary button or Enter, no modifier key) that the page may check before the link
 * opens. A modified click (new tab, new window, save as) stays the browser's own. Pure.
 */
export function isPlainLinkClick(click: LinkClick): boolean {
  return !click.defaultPrevented && click.button === 0 && !click.ctrlKey && !click.metaKey && !click.shiftKey && !click.altKey;
}

export interface FileLinkCheckOptions {
  readonly timeoutMs?: number;
  /** Scheduler of the time-out; tests pass a virtual one. */
  readonly scheduler?: SchedulerLike;
}

/**
 * Asks whether the session of `token` is still live before a file link opens, without loading the file itself.
 * 'session-ended' only when the server says so (not signed in to this file, or a 401/403); a failed or slow check
 * answers 'open', so the check never keeps a person from their document. Emits once and completes.
 */
export function checkFileLink(api: Pick<CaseFileAuthApi, 'isAuthenticated'>, token: string, options: FileLinkCheckOptions = {}): Observable<FileLinkCheck> {
  return api.isAuthenticated(token).pipe(
    take(1),
    map((result): FileLinkCheck => {
      if (result._tag === 'Right') return result.right ? 'open' : 'session-ended';
      return isSessionEnded(result.left) ? 'session-ended' : 'open';
    }),
    timeout({ first: options.timeoutMs ?? FILE_LINK_CHECK_TIMEOUT_MS, scheduler: options.scheduler ?? asyncScheduler }),
    catchError(() => of<FileLinkCheck>('open')),
  );
}
