// Lets core's LawyerSessionActivity see the console's traffic (SECURITY.md C5): every chat-host request the server
// counts as session activity, and every hub call but the keep-alive. Only answers the server took count, from the
// moment the call started, so the console's idea of the idle end never lies after the server's.
import { countsAsLawyerActivity, countsAsLawyerHubActivity, type LawyerSessionActivity } from '@rechtschat/core';
import type { SignalRChatHubOptions } from '@rechtschat/adapters/signalr';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
type Connect = NonNullable<SignalRChatHubOptions['connect']>;

/** The path after the chat host's address (`api/lawyer/queue`), or null for another origin (the web origin's calls). */
function chatHostPath(input: string, chatUrl: string): string | null {
  const base = new URL(chatUrl);
  const url = new URL(input, base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  return url.pathname.slice(base.pathname.length);
}

/** fetch that reports each successful (2xx) chat-host request of the lawyer's; a refusal or a network failure counts nothing. */
export function trackedFetch(fetcher: FetchLike, chatUrl: string, activity: LawyerSessionActivity): FetchLike {
  return async (input, init) => {
    const path = chatHostPath(input, chatUrl);
    const counted = path !== null && countsAsLawyerActivity(init?.method ?? 'GET', path) ? activity.started() : null;
    const response = await fetcher(input, init);
    if (counted && response.ok) counted();
    return response;
  };
}

/**
 * `connect` whose connections report each hub call the server took (invoke answered, send handed over): the server
 * counts every call but Ping as activity of the session the connection was opened with (hubMethods.ts).
 */
export function trackedConnect(connect: Connect, activity: LawyerSessionActivity): Connect {
  return (hubUrl, reconnectPolicy) => {
    const connection = connect(hubUrl, reconnectPolicy);
    const invoke = connection.invoke.bind(connection);
    const send = connection.send.bind(connection);
    const track =
      <T>(call: (method: string, ...args: unknown[]) => Promise<T>) =>
      async (method: string, ...args: unknown[]): Promise<T> => {
        const counted = countsAsLawyerHubActivity(method) ? activity.started() : null;
        const result = await call(method, ...args);
        counted?.();
        return result;
      };
    // In place: the adapter reads `state` from the connection itself, which a copy would freeze.
    connection.invoke = track(invoke) as typeof connection.invoke;
    connection.send = track(send);
    return connection;
  };
}
