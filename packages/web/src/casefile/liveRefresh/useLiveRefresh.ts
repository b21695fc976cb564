// The Fallakte's live refresh in a screen: while `enabled` (the screen shows firm-provided data), `refresh` runs when
// the page is shown again, the window regains the focus, the device is back online and every minute while shown
// (core's liveRefreshTicks; never while hidden or offline). The clock is the container's, so tests drive it.
import { useEffect, useMemo, useRef } from 'react';
import { asyncScheduler, type Subscription } from 'rxjs';
import { liveRefreshTicks, type LiveRefreshSources } from '@rechtschat/core';
import { useInjection, useInjectionOrBind } from '../../app/ContainerContext.js';
import { CaseFileRefreshSchedulerToken, NetworkStatusToken, WindowPortToken } from '../../app/tokens.js';

/**
 * `refresh` reads in the background and may return the read's Subscription: a tick while it runs is skipped, and
 * leaving the screen aborts it. The latest `refresh` is used; changing it does not restart the minute.
 */
export function useLiveRefresh(enabled: boolean, refresh: () => Subscription | void): void {
  const windowPort = useInjection(WindowPortToken);
  const network = useInjection(NetworkStatusToken);
  const scheduler = useInjectionOrBind(CaseFileRefreshSchedulerToken, () => asyncScheduler);
  const sources = useMemo<LiveRefreshSources>(
    () => ({ visible$: windowPort.visible$, focused$: windowPort.focused$, online$: network.online$ }),
    [windowPort, network],
  );
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!enabled) return undefined;
    let running: Subscription | null = null;
    const ticks = liveRefreshTicks(sources, scheduler).subscribe(() => {
      if (running && !running.closed) return;
      running = latest.current() ?? null;
    });
    return () => {
      ticks.unsubscribe();
      running?.unsubscribe();
    };
  }, [enabled, sources, scheduler]);
}
