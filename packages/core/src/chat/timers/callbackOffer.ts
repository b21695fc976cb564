import { distinctUntilChanged, map, of, startWith, switchMap, timer, type Observable, type SchedulerLike } from 'rxjs';
import { CALLBACK_OFFER_AFTER_MS } from '../chatTimings.js';

/**
 * True once the participant has waited 59 s for a lawyer; false again when waiting stops. `waitingSince$` is when
 * the waiting began (epoch ms, the scheduler's clock) or null while not waiting, so a reload counts on from the
 * original start instead of starting the 59 s again. A start in the future (clock skew) counts as now.
 */
export function callbackOffer(waitingSince$: Observable<number | null>, scheduler: SchedulerLike): Observable<boolean> {
  return waitingSince$.pipe(
    distinctUntilChanged(),
    switchMap((since) => {
      if (since === null) return of(false);
      const now = scheduler.now();
      const due = Math.max(0, Math.min(since, now) + CALLBACK_OFFER_AFTER_MS - now);
      return timer(due, scheduler).pipe(
        map(() => true),
        startWith(false),
      );
    }),
    distinctUntilChanged(),
  );
}
