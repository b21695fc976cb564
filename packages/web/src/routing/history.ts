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
  /**
   * Goes to the path `to` as the browser's Back would: Back itself when this entry was opened from `to` within the app
   * (also after a reload), otherwise `to` in place of this entry. Either way no new entry, so the phone's back button
   * afterwards does not return to the page just left.
   */
  back(to: string): void;
  /** Calls `listener` with every new entry; returns the unsubscribe. */
  listen(listener: (entry: HistoryEntry) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** An entry and the pathname of the entry it was pushed from (the one before it in the history), null if unknown. */
interface Place {
  readonly entry: HistoryEntry;
  readonly from: string | null;
}

type Move = (next: Place, to: string, replace: boolean) => HistoryEntry;
type WatchPop = (show: (place: Place) => void) => () => void;

const withoutTrailingSlash = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * `move` performs a navigation and returns the entry with the address it led to; `watchPop` reports Back/Forward;
 * `goBack` moves one entry back (reported through `watchPop`).
 */
function createHistory(first: Place, move: Move, goBack: () => void, watchPop?: WatchPop): AppHistory {
  let place = first;
  const listeners = new Set<(entry: HistoryEntry) => void>();
  const show = (next: Place) => {
    place = next;
    listeners.forEach((listener) => listener(next.entry));
  };
  let unwatch: (() => void) | undefined;
  const navigate = (to: string, { replace = false, state = null }: NavigateOptions = {}) => {
    const { entry } = place;
    // A pushed entry follows the one it was opened from; a replacing one takes over the place (and predecessor) of the old.
    const from = replace ? place.from : entry.pathname;
    show({ entry: move({ entry: { ...entry, state, key: newKey(), navigationType: replace ? 'REPLACE' : 'PUSH' }, from }, to, replace), from });
  };
  return {
    current: () => place.entry,
    navigate,
    back: (to) => {
      const target = new URL(to, 'http://app').pathname;
      if (place.from !== null && withoutTrailingSlash(place.from) === withoutTrailingSlash(target)) goBack();
      else navigate(to, { replace: true });
    },
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

function readBrowserEntry(navigationType: NavigationType): Place {
  const stored = (window.history.state ?? {}) as { readonly usr?: unknown; readonly key?: string; readonly from?: unknown };
  return {
    entry: { pathname: window.location.pathname, search: window.location.search, state: stored.usr ?? null, key: stored.key ?? 'default', navigationType },
    from: typeof stored.from === 'string' ? stored.from : null,
  };
}

/** The browser's session history (window.history). The entry it was pushed from is kept in `history.state` too. */
export function browserHistory(): AppHistory {
  return createHistory(
    readBrowserEntry('POP'),
    ({ entry, from }, to, replace) => {
      window.history[replace ? 'replaceState' : 'pushState']({ usr: entry.state, key: entry.key, ...(from === null ? {} : { from }) }, '', to);
      return { ...entry, pathname: window.location.pathname, search: window.location.search };
    },
    () => window.history.back(),
    (show) => {
      const pop = () => show(readBrowserEntry('POP'));
      window.addEventListener('popstate', pop);
      return () => window.removeEventListener('popstate', pop);
    },
  );
}

/** A history in memory, for tests: starts at `path` (with an optional query); `back` steps back through its entries. */
export function memoryHistory(path = '/'): AppHistory {
  const resolve = (to: string, from: string) => new URL(to, `http://app${from}`);
  const start = resolve(path, '/');
  const first: Place = { entry: { pathname: start.pathname, search: start.search, state: null, key: 'default', navigationType: 'POP' }, from: null };
  const stack: Place[] = [first];
  let showPop: ((place: Place) => void) | undefined;
  return createHistory(
    first,
    ({ entry, from }, to, replace) => {
      const target = resolve(to, `${entry.pathname}${entry.search}`);
      const moved = { ...entry, pathname: target.pathname, search: target.search };
      if (replace) stack.pop();
      stack.push({ entry: moved, from });
      return moved;
    },
    () => {
      if (stack.length < 2) return;
      stack.pop();
      const before = stack[stack.length - 1];
      if (before) showPop?.({ ...before, entry: { ...before.entry, navigationType: 'POP' } });
    },
    (show) => {
      showPop = show;
      return () => (showPop = undefined);
    },
  );
}
