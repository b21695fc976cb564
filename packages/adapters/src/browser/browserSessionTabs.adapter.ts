// SessionTabChannel over the browser (core session/sessionTabs.ts): the console's tabs of one origin share the
// session's activity and its sign-out. A BroadcastChannel carries the messages; where the browser has none, the
// `storage` event of localStorage does (it fires in every other tab of the origin when one writes). Neither delivers
// a tab's own messages back to it.
import { EMPTY, Observable, share } from 'rxjs';
import { parseSessionTabMessage, type SessionTabChannel, type SessionTabMessage } from '@rechtschat/core';

/** The channel's name, and the localStorage key of the fallback. */
export const SESSION_TABS_CHANNEL = 'rechtschat.lawyerSession';

export interface BrowserSessionTabs extends SessionTabChannel {
  /** Stops listening and closes the channel (the page's end does that too). */
  close(): void;
}

type ChannelWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  readonly BroadcastChannel?: typeof BroadcastChannel;
  readonly localStorage?: Storage;
};

export function createBrowserSessionTabs(win: ChannelWindow = window, name = SESSION_TABS_CHANNEL): BrowserSessionTabs {
  return typeof win.BroadcastChannel === 'function' ? overBroadcastChannel(new win.BroadcastChannel(name)) : overStorageEvent(win, name);
}

function overBroadcastChannel(channel: BroadcastChannel): BrowserSessionTabs {
  let closed = false;
  const messages$ = new Observable<SessionTabMessage>((subscriber) => {
    const onMessage = (event: MessageEvent) => {
      const message = parseSessionTabMessage(event.data);
      if (message) subscriber.next(message);
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }).pipe(share());
  return {
    messages$,
    post: (message) => {
      if (!closed) channel.postMessage(message);
    },
    close: () => {
      closed = true;
      channel.close();
    },
  };
}

function overStorageEvent(win: ChannelWindow, key: string): BrowserSessionTabs {
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    // Storage denied (privacy settings): this tab is alone.
  }
  if (!storage) return { messages$: EMPTY, post: () => undefined, close: () => undefined };
  const store = storage;
  const listeners = new Set<(event: StorageEvent) => void>();
  const messages$ = new Observable<SessionTabMessage>((subscriber) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key || event.newValue === null) return;
      try {
        const message = parseSessionTabMessage(JSON.parse(event.newValue));
        if (message) subscriber.next(message);
      } catch {
        // Not ours.
      }
    };
    listeners.add(onStorage);
    win.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(onStorage);
      win.removeEventListener('storage', onStorage);
    };
  }).pipe(share());
  return {
    messages$,
    post: (message) => {
      try {
        // The event fires only when the value changes: a nonce lets the same message twice still reach the others.
        store.setItem(key, JSON.stringify({ ...message, nonce: Math.random() }));
      } catch {
        // Full or denied: the other tabs keep their own count.
      }
    },
    close: () => listeners.forEach((listener) => win.removeEventListener('storage', listener)),
  };
}
