// NetworkStatus over navigator.onLine and the window's online/offline events.
import { defer, distinctUntilChanged, fromEvent, map, merge, startWith } from 'rxjs';
import type { NetworkStatus } from '@rechtschat/core';

/**
 * The browser's own report of the network. It knows at once what the hub's keep-alive notices only after a
 * time-out. Each subscription listens to the events until it ends; nothing is registered before that.
 */
export function createBrowserNetworkStatus(win: Window = window): NetworkStatus {
  return {
    online$: defer(() =>
      merge(fromEvent(win, 'online').pipe(map(() => true)), fromEvent(win, 'offline').pipe(map(() => false))).pipe(
        startWith(win.navigator.onLine),
        distinctUntilChanged(),
      ),
    ),
  };
}
