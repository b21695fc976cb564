// The official @microsoft/signalr client, built with the product's reconnect policy. Its own module: the hub adapter
// imports it only when it first connects, so the web app's chat is usable before the client library has arrived.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';

/** Reconnect retry delays 0, 2, 10, 30 s. */
export const RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000] as const;

/**
 * The official client with the product's reconnect policy; cookies go along (withCredentials).
 * `headers` only matter outside the browser (Node tests send the session Cookie this way).
 */
export function buildHubConnection(hubUrl: string, headers: Record<string, string> = {}): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(hubUrl, { withCredentials: true, headers })
    .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
    .configureLogging(LogLevel.Warning)
    .build();
}
