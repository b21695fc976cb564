// The app's history: where the router reads the address from and how it moves. Wouter matches routes; this keeps what
// React Router gave the pages beyond the path – the entry's state and key and how the page was reached (POP, PUSH,
// REPLACE) – in React Router's format in `history.state` ({ usr, key }), so entries written before still read.
// It sees only its own navigations and Back/Forward: a page that rewrites the address with `history.replaceState`
// (the chat's /chat/new → /chat/{caseId}) keeps the router, and what it shows, in place.

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface HistoryEntry {
  /** As in the address bar: percent-encoded. */
  readonly pathname: string;
  /** With the leading "?", or "". */
  readonly search: string;
  /** What the navigation passed along (null without). */
  readonly state: unknown;
  /** Unique per entry: a new navigation to the same address gets a new one. */
  readonly key: string;
  readonly navigationType: NavigationType;
}

export interface NavigateOptions {
  readonly replace?: boolean;
  readonly state?: unknown;
}

export interface AppHistory {
  current(): HistoryEntry;
  navigate(to: string, options?: NavigateOptions): void;
  /** Calls `listener` with every new entry; returns the unsubscribe. */
  listen(listener: (entry: HistoryEntry) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

type Move = (next: HistoryEntry, to: string, replace: boolean) => HistoryEntry;
type WatchPop = (show: (entry: HistoryEntry) => void) => () => void;

/** `move` performs a navigation and returns the entry with the address it led to; `watchPop` reports Back/Forward. */
function createHistory(first: HistoryEntry, move: Move, watchPop?: WatchPop): AppHistory {
  let entry = first;
  const listeners = new Set<(entry: HistoryEntry) => void>();
  const show = (next: HistoryEntry) => {
    entry = next;
    listeners.forEach((listener) => listener(next));
  };
  let unwatch: (() => void) | undefined;
  return {
    current: () => entry,
    navigate: (to, { replace = false, state = null } = {}) =>
      show(move({ ...entry, state, key: newKey(), navigationType: replace ? 'REPLACE' : 'PUSH' }, to, replace)),
    listen: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) unwatch = watchPop?.(show);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) unwatch?.();
      };
    },
  };
}

function readBrowserEntry(navigationType: NavigationType): HistoryEntry {
  const stored = (window.history.state ?? {}) as { readonly usr?: unknown; readonly key?: string };
  return { pathname: window.location.pathname, search: window.location.search, state: stored.usr ?? null, key: stored.key ?? 'default', navigationType };
}

/** The browser's session history (window.history). */
export function browserHistory(): AppHistory {
  return createHistory(
    readBrowserEntry('POP'),
    (next, to, replace) => {
      window.history[replace ? 'replaceState' : 'pushState']({ usr: next.state, key: next.key }, '', to);
      return { ...next, pathname: window.location.pathname, search: window.location.search };
    },
    (show) => {
      const pop = () => show(readBrowserEntry('POP'));
      window.addEventListener('popstate', pop);
      return () => window.removeEventListener('popstate', pop);
    },
  );
}

/** A history in memory, for tests: starts at `path` (with an optional query); no Back. */
export function memoryHistory(path = '/'): AppHistory {
  const resolve = (to: string, from: string) => new URL(to, `http://app${from}`);
  const start = resolve(path, '/');
  return createHistory({ pathname: start.pathname, search: start.search, state: null, key: 'default', navigationType: 'POP' }, (next, to) => {
    const target = resolve(to, `${next.pathname}${next.search}`);
    return { ...next, pathname: target.pathname, search: target.search };
  });
}
