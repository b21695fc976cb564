import { EMPTY, filter, finalize, map, switchMap, takeUntil, timer, type Observable, type SchedulerLike } from 'rxjs';
import type { WindowPort } from '../../ports/platform.js';
import { TITLE_TOGGLE_MS } from '../chatTimings.js';

/** Title shown in turn with the original one. */
export const NEW_MESSAGE_TITLE = 'Neue Nachricht';

/**
 * On each new message while the window has no focus, alternates the title between
 * "Neue Nachricht" and the original every 2 s; focus restores the original title.
 * Returns the titles it sets (the subscription performs them).
 */
export function titleToggle(newMessage$: Observable<unknown>, window: WindowPort, scheduler: SchedulerLike): Observable<string> {
  const focused$ = window.focused$.pipe(filter((focused) => focused));
  return newMessage$.pipe(
    switchMap(() => {
      if (window.isFocused()) return EMPTY;
      const original = window.getTitle();
      return timer(0, TITLE_TOGGLE_MS, scheduler).pipe(
        map((tick) => (tick % 2 === 0 ? NEW_MESSAGE_TITLE : original)),
        takeUntil(focused$),
        map((title) => {
          window.setTitle(title);
          return title;
        }),
        finalize(() => window.setTitle(original)),
      );
    }),
  );
}
