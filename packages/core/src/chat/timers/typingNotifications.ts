import { throttleTime, type Observable, type SchedulerLike } from 'rxjs';
import { TYPING_NOTIFICATION_WINDOW_MS } from '../chatTimings.js';

/**
 * Keystrokes → typing notifications: the first keystroke is sent at once (the lawyer sees
 * typing without delay), further ones within 2 s are dropped, so at most one per 2 s.
 */
export function typingNotifications<T>(keystrokes$: Observable<T>, scheduler: SchedulerLike): Observable<T> {
  return keystrokes$.pipe(throttleTime(TYPING_NOTIFICATION_WINDOW_MS, scheduler, { leading: true, trailing: false }));
}
