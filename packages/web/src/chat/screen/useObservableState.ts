import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

interface ObservableStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T | undefined;
}

type Latest<T> = { readonly kind: 'empty' } | { readonly kind: 'value'; readonly value: T } | { readonly kind: 'error'; readonly error: unknown };

function createObservableStore<T>(source$: Observable<T>): ObservableStore<T> {
  let latest: Latest<T> = { kind: 'empty' };
  return {
    subscribe(onChange) {
      const subscription = source$.subscribe({
        next: (value) => {
          latest = { kind: 'value', value };
          onChange();
        },
        error: (error: unknown) => {
          latest = { kind: 'error', error };
          onChange();
        },
      });
      return () => subscription.unsubscribe();
    },
    getSnapshot() {
      // Rethrown during render so the nearest error boundary shows the failure.
      if (latest.kind === 'error') throw latest.error;
      return latest.kind === 'value' ? latest.value : undefined;
    },
  };
}

/**
 * The latest value of `source$`, or undefined before its first emission. Subscribes once per
 * observable and unsubscribes on unmount; an error of the stream is thrown during render.
 */
export function useObservableState<T>(source$: Observable<T>): T | undefined {
  const store = useMemo(() => createObservableStore(source$), [source$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
