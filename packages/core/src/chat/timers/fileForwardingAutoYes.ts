import { EMPTY, distinctUntilChanged, map, switchMap, timer, type Observable, type SchedulerLike } from 'rxjs';
import { FILE_FORWARDING_AUTO_YES_MS } from '../chatTimings.js';

/** Emits once when the file-forwarding question stayed open for 30 s (then "yes" applies). */
export function fileForwardingAutoYes(questionOpen$: Observable<boolean>, scheduler: SchedulerLike): Observable<void> {
  return questionOpen$.pipe(
    distinctUntilChanged(),
    switchMap((open) => (open ? timer(FILE_FORWARDING_AUTO_YES_MS, scheduler).pipe(map(() => undefined)) : EMPTY)),
  );
}
