import { distinctUntilChanged, map, of, startWith, switchMap, timer, type Observable, type SchedulerLike } from 'rxjs';
import { CALLBACK_OFFER_AFTER_MS } from '../chatTimings.js';

/** True once the participant has waited 59 s for a lawyer; false again when waiting stops. */
export function callbackOffer(waiting$: Observable<boolean>, scheduler: SchedulerLike): Observable<boolean> {
  return waiting$.pipe(
    distinctUntilChanged(),
    switchMap((waiting) =>
      waiting
        ? timer(CALLBACK_OFFER_AFTER_MS, scheduler).pipe(
            map(() => true),
            startWith(false),
          )
        : of(false),
    ),
    distinctUntilChanged(),
  );
}
