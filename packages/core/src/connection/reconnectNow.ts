// When a lost hub connection should try again at once instead of waiting out its reconnect delay (0, 2, 10, 30 s):
// the browser reports the network back (the online event), or a hidden page is shown again (a phone resumes a tab it
// suspended in the background, a laptop opens again). The chat session and the lawyer workspace both follow these
// hints; the hub adapter makes the attempt (ChatHub.reconnectNow), so the rule runs here in virtual time.
import { exhaustMap, filter, map, merge, pairwise, withLatestFrom, type Observable } from 'rxjs';
import type { Call } from '../ports/call.js';
import type { ConnectionState } from '../ports/chatHub.js';
import type { NetworkStatus, WindowPort } from '../ports/platform.js';
import type { Result } from '../result.js';

/** Why a connection should try now: the network is back, or the page is shown again. */
export type RetryHint = 'online' | 'visible';

/** The hub as the hints need it: the chat's ChatHub and the console's LawyerHub both are one. */
export interface ReconnectingHub {
  readonly connectionState$: Observable<ConnectionState>;
  reconnectNow(): Call<void>;
}

/** Each rise (false → true) of a flag that emits its current value first; that first value is no rise. */
function rises(flag$: Observable<boolean>): Observable<void> {
  return flag$.pipe(
    pairwise(),
    filter(([before, now]) => !before && now),
    map(() => undefined),
  );
}

/**
 * The online event, and the page shown again while the device is online (offline, an attempt could only fail), as
 * they happen – never the state found at subscription.
 */
export function retryHints(network: NetworkStatus, window: Pick<WindowPort, 'visible$'>): Observable<RetryHint> {
  const shownAgain$ = rises(window.visible$).pipe(
    withLatestFrom(network.online$),
    filter(([, online]) => online),
    map((): RetryHint => 'visible'),
  );
  return merge(rises(network.online$).pipe(map((): RetryHint => 'online')), shownAgain$);
}

/**
 * On each hint while the hub is reconnecting, one attempt at once (`reconnectNow`), with the attempt's outcome. A hint
 * while that attempt runs is dropped – the adapter would join it anyway –, and so is one while the hub is connected
 * (nothing to do) or has given up ('disconnected': starting it anew is the caller's, with what it must do after).
 */
export function reconnectOnHints(hub: ReconnectingHub, hints$: Observable<RetryHint>): Observable<Result<void>> {
  return hints$.pipe(
    withLatestFrom(hub.connectionState$),
    filter(([, connection]) => connection === 'reconnecting'),
    exhaustMap(() => hub.reconnectNow()),
  );
}
