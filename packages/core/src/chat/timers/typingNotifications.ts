import { throttleTime, type Observable, type SchedulerLike } from 'rxjs';
import { TYPING_NOTIFICATION_WINDOW_MS } from '../chatTimings.js';

/**
 * Keystrokes → typing notifications: the first keystroke is told at once, then at most one every 2 s while the
 * participant goes on typing (ADR 0021). The lawyer's indicator shows 2.5 s after each, so it stays on while the client
 * types and goes 2.5 s after the last notification; the hub is still not hit per keystroke. (A trailing debounce, the
 * literal reading of "debounced at 2 s", told the lawyer only once the client had stopped for 2 s – never while they
 * typed: found twice from outside.)
 */
export function typingNotifications<T>(keystrokes$: Observable<T>, scheduler: SchedulerLike): Observable<T> {
  return keystrokes$.pipe(throttleTime(TYPING_NOTIFICATION_WINDOW_MS, scheduler, { leading: true, trailing: false }));
}
