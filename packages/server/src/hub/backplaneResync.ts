import type { HubConnection } from './hubConnection.js';
import type { HubLogger } from './hub.types.js';

/** Shown in the Close message; the official client reconnects on it and the app re-reads (resync). */
export const RESYNC_TEXT = 'Die Verbindung wird neu aufgebaut, damit Ihnen keine Nachricht fehlt.';

/**
 * After a backplane outage: close every local connection with allowReconnect, so each client reconnects at
 * once (first retry delay 0) and re-reads what it may have missed, instead of waiting for a later reconnect.
 */
export function closeForResync(connections: Iterable<HubConnection>, cause: 'local' | 'remote', logger: HubLogger): void {
  let closed = 0;
  for (const connection of [...connections]) {
    if (connection.state === 'closed') continue;
    connection.close(RESYNC_TEXT, true);
    closed += 1;
  }
  logger.warn({ event: 'hub.resync', cause, connections: closed }, 'clients asked to reconnect and resync after a backplane outage');
}
