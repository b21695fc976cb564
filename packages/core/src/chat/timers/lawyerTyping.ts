import { concat, map, of, startWith, switchMap, timer, distinctUntilChanged, type Observable, type SchedulerLike } from 'rxjs';
import { LAWYER_TYPING_VISIBLE_MS } from '../chatTimings.js';

/** True for 2.5 s after each IsTyping signal; a new signal restarts the window. */
export function lawyerTyping(isTyping$: Observable<unknown>, scheduler: SchedulerLike): Observable<boolean> {
  return isTyping$.pipe(
    switchMap(() => concat(of(true), timer(LAWYER_TYPING_VISIBLE_MS, scheduler).pipe(map(() => false)))),
    startWith(false),
    distinctUntilChanged(),
  );
}
