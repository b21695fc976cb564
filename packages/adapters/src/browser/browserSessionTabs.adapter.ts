// SessionTabChannel over the browser (core session/sessionTabs.ts): the console's tabs of one origin share the
// session's activity and its sign-out; ChatTabChannel (core chat/chatTabs.ts): the client's tabs of one chat share that
// the callback number was given. A BroadcastChannel carries the messages; where the browser has none, the `storage`
// event of localStorage does (it fires in every other tab of the origin when one writes). Neither delivers a tab's own
// messages back to it.
import { EMPTY, Observable, share } from 'rxjs';
import { parseChatTabMessage, parseSessionTabMessage, type ChatTabChannel, type SessionTabChannel } from '@rechtschat/core';

/** The channel's name, and the localStorage key of the fallback. */
export const SESSION_TABS_CHANNEL = 'rechtschat.lawyerSession';

/** The channel's name (and fallback key) of the client's chat tabs. */
export const CHAT_TABS_CHANNEL = 'rechtschat.chat';

interface TabChannel<M> {
  readonly messages$: Observable<M>;
  post(message: M): void;
  /** Stops listening and closes the channel (the page's end does that too). */
  close(): void;
}

export type BrowserSessionTabs = SessionTabChannel & TabChannel<Parameters<SessionTabChannel['post']>[0]>;
export type BrowserChatTabs = ChatTabChannel & TabChannel<Parameters<ChatTabChannel['post']>[0]>;

type ChannelWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  readonly BroadcastChannel?: typeof BroadcastChannel;
  readonly localStorage?: Storage;
};

export function createBrowserSessionTabs(win: ChannelWindow = window, name = SESSION_TABS_CHANNEL): BrowserSessionTabs {
  return createTabChannel(parseSessionTabMessage, win, name);
}

/** The client's tabs of one chat (web): a second tab of the chat stops asking for a callback number given in another. */
export function createBrowserChatTabs(win: ChannelWindow = window, name = CHAT_TABS_CHANNEL): BrowserChatTabs {
  return createTabChannel(parseChatTabMessage, win, name);
}

function createTabChannel<M extends object>(parse: (data: unknown) => M | null, win: ChannelWindow, name: string): TabChannel<M> {
  return typeof win.BroadcastChannel === 'function' ? overBroadcastChannel(parse, new win.BroadcastChannel(name)) : overStorageEvent(parse, win, name);
}

function overBroadcastChannel<M>(parse: (data: unknown) => M | null, channel: BroadcastChannel): TabChannel<M> {
  let closed = false;
  const messages$ = new Observable<M>((subscriber) => {
    const onMessage = (event: MessageEvent) => {
      const message = parse(event.data);
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

function overStorageEvent<M extends object>(parse: (data: unknown) => M | null, win: ChannelWindow, key: string): TabChannel<M> {
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    // Storage denied (privacy settings): this tab is alone.
  }
  if (!storage) return { messages$: EMPTY, post: () => undefined, close: () => undefined };
  const store = storage;
  const listeners = new Set<(event: StorageEvent) => void>();
  const messages$ = new Observable<M>((subscriber) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key || event.newValue === null) return;
      try {
        const message = parse(JSON.parse(event.newValue));
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
        // The other tabs got their event from the write; removed at once, nothing stays behind in the profile – a
        // callback number must not outlive the tab on a shared device (the removal's event has no value and is ignored).
        store.removeItem(key);
      } catch {
        // Full or denied: the other tabs keep their own count.
      }
    },
    close: () => listeners.forEach((listener) => win.removeEventListener('storage', listener)),
  };
}
