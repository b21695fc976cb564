import { map, timer, withLatestFrom, type Observable, type SchedulerLike } from 'rxjs';
import { PING_INTERVAL_MS } from '../chatTimings.js';

/** The current route at once and then every 10 s, for the hub's Ping. */
export function pingRoutes(route$: Observable<string>, scheduler: SchedulerLike): Observable<string> {
  return timer(0, PING_INTERVAL_MS, scheduler).pipe(
    withLatestFrom(route$),
    map(([, route]) => route),
  );
}
