// The official @microsoft/signalr client in Node, carrying the chat-host session cookie.
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { ChatMessage, Notification } from '@rechtschat/core';
import type { CookieClient } from '../support/cookieClient.js';

export interface HubClient {
  readonly connection: HubConnection;
  readonly messages: ChatMessage[];
  readonly notifications: Notification[];
  readonly queueSignals: number[];
  waitFor<T>(pick: () => T | undefined, what: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

export async function waitUntil<T>(pick: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = pick();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function connectHub(
  chatUrl: string,
  client: CookieClient,
  options: { role?: 'lawyer' | 'participant'; transport?: HttpTransportType; reconnect?: boolean } = {},
): Promise<HubClient> {
  const url = `${chatUrl}/signalr${options.role ? `?as=${options.role}` : ''}`;
  let builder = new HubConnectionBuilder()
    .withUrl(url, { transport: options.transport ?? HttpTransportType.WebSockets, withCredentials: true, headers: { Cookie: client.cookieHeader(chatUrl) } })
    .configureLogging(LogLevel.None);
  if (options.reconnect) builder = builder.withAutomaticReconnect([0, 50, 100, 200]);
  const connection = builder.build();
  const messages: ChatMessage[] = [];
  const notifications: Notification[] = [];
  const queueSignals: number[] = [];
  connection.on('DistributeMessage', (m: ChatMessage) => messages.push(m));
  connection.on('SendNotification', (n: Notification) => notifications.push(n));
  connection.on('QueueChanged', () => queueSignals.push(Date.now()));
  await connection.start();
  return { connection, messages, notifications, queueSignals, waitFor: waitUntil, stop: () => connection.stop() };
}
