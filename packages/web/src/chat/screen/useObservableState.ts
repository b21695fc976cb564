import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

type Latest<T> = { readonly kind: 'empty' } | { readonly kind: 'value'; readonly value: T } | { readonly kind: 'error'; readonly error: unknown };

const EMPTY = { kind: 'empty' } as const;

/**
 * The latest value of `source$`, or undefined before its first emission. Subscribes once per
 * observable and unsubscribes on unmount; an error of the stream is thrown during render.
 *
 * New values render as a transition: React renders them in slices of a few milliseconds and lets
 * typing and clicks go first, so a burst of chat updates does not block a slow phone.
 * Controlled inputs keep their own state and stay synchronous.
 */
export function useObservableState<T>(source$: Observable<T>): T | undefined {
  const [latest, setLatest] = useState<{ readonly source: Observable<T>; readonly state: Latest<T> }>({ source: source$, state: EMPTY });
  useEffect(() => {
    const update = (state: Latest<T>) => startTransition(() => setLatest({ source: source$, state }));
    const subscription = source$.subscribe({
      next: (value) => update({ kind: 'value', value }),
      // Rethrown during render so the nearest error boundary shows the failure.
      error: (error: unknown) => update({ kind: 'error', error }),
    });
    return () => subscription.unsubscribe();
  }, [source$]);
  // A value of a previous observable is not shown for a new one.
  const state = latest.source === source$ ? latest.state : EMPTY;
  if (state.kind === 'error') throw state.error;
  return state.kind === 'value' ? state.value : undefined;
}
