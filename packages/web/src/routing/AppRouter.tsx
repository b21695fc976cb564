// The router around the app: wouter's <Router> reading the path from the app's history (history.ts). Updates arrive in
// a transition, as React Router's BrowserRouter did: a lazily loaded page keeps the page before it on screen until it
// is ready, instead of flashing its Suspense fallback.
import { createContext, startTransition, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { browserHistory, type AppHistory, type HistoryEntry, type NavigateOptions } from './history.js';

type Navigate = (to: string, options?: NavigateOptions) => void;

const HistoryContext = createContext<{ readonly entry: HistoryEntry; readonly navigate: Navigate; readonly back: (to: string) => void } | null>(null);

function useHistoryContext() {
  const value = useContext(HistoryContext);
  if (!value) throw new Error('Nur innerhalb von <AppRouter> verwendbar.');
  return value;
}

/** The current history entry: pathname (percent-encoded, as in the address bar), search, state, key, navigation type. */
export function useHistoryEntry(): HistoryEntry {
  return useHistoryContext().entry;
}

/** Navigates to an absolute path (with an optional query); stable across renders. */
export function useNavigate(): Navigate {
  return useHistoryContext().navigate;
}

/**
 * Goes to a path as Back does (a header's „Zurück“): Back itself when the current entry was opened from that path,
 * otherwise the path in place of the current entry – never a new entry. Stable across renders.
 */
export function useNavigateBack(): (to: string) => void {
  return useHistoryContext().back;
}

// wouter's location hooks: what its <Switch>, <Route> and <Redirect> match and navigate with.
const useWouterLocation = (): [string, Navigate] => {
  const { entry, navigate } = useHistoryContext();
  return [entry.pathname, navigate];
};
const useWouterSearch = () => useHistoryContext().entry.search;

/** `history` defaults to the browser's; tests pass memoryHistory(path). */
export function AppRouter({ history, children }: { readonly history?: AppHistory; readonly children: ReactNode }) {
  const [source] = useState(() => history ?? browserHistory());
  const [entry, setEntry] = useState(source.current);
  useLayoutEffect(() => {
    const show = (next: HistoryEntry) => startTransition(() => setEntry(next));
    const stop = source.listen(show);
    // A <Redirect> below navigates in its layout effect, before this one listens.
    show(source.current());
    return stop;
  }, [source]);
  const value = useMemo(() => ({ entry, navigate: source.navigate, back: source.back }), [entry, source]);
  return (
    <HistoryContext.Provider value={value}>
      <Router hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}
