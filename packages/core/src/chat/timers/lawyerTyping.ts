import { concat, map, merge, of, startWith, switchMap, timer, distinctUntilChanged, EMPTY, type Observable, type SchedulerLike } from 'rxjs';
import { LAWYER_TYPING_VISIBLE_MS } from '../chatTimings.js';

/**
 * True for 2.5 s after each IsTyping signal; a new signal restarts the window. The lawyer's message ends it at once:
 * the writing it announced has arrived, and „… schreibt …“ under it read as if more were coming.
 */
export function lawyerTyping(isTyping$: Observable<unknown>, scheduler: SchedulerLike, lawyerMessage$: Observable<unknown> = EMPTY): Observable<boolean> {
  return merge(isTyping$.pipe(map(() => true)), lawyerMessage$.pipe(map(() => false))).pipe(
    switchMap((typing) => (typing ? concat(of(true), timer(LAWYER_TYPING_VISIBLE_MS, scheduler).pipe(map(() => false))) : of(false))),
    startWith(false),
    distinctUntilChanged(),
  );
}
