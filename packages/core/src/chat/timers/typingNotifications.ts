import { debounceTime, type Observable, type SchedulerLike } from 'rxjs';
import { TYPING_NOTIFICATION_WINDOW_MS } from '../chatTimings.js';

/**
 * Keystrokes → typing notifications, debounced at 2 s: a burst of keystrokes sends
 * one notification once the participant paused for 2 s, so the hub is not hit per keystroke.
 */
export function typingNotifications<T>(keystrokes$: Observable<T>, scheduler: SchedulerLike): Observable<T> {
  return keystrokes$.pipe(debounceTime(TYPING_NOTIFICATION_WINDOW_MS, scheduler));
}
