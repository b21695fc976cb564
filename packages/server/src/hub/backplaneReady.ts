import type { Backplane, HubLogger } from './hub.types.js';

/**
 * Waits until the backplane is live before the process takes connections, at most `timeoutMs`.
 * Resolves true when it is up, false when it did not come up in time: then the process starts anyway
 * (the chat still works on this process) and its early clients resync once Redis answers.
 */
export async function awaitBackplaneReady(backplane: Backplane | undefined, timeoutMs: number, logger?: HubLogger): Promise<boolean> {
  if (backplane?.ready === undefined) return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const up = await Promise.race([backplane.ready().then(() => true as const), timedOut]);
  clearTimeout(timer);
  if (!up) logger?.warn({ event: 'backplane.not_ready', timeoutMs }, 'backplane not up at start; starting anyway, clients resync once it is');
  return up;
}
