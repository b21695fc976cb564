// Binds an RxJS stream to React: the latest value, re-rendered on every emission.
import { useMemo, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

export function useStream<T>(source$: Observable<T>, initial: T): T {
  const store = useMemo(() => {
    let latest = initial;
    return {
      subscribe(onChange: () => void) {
        const subscription = source$.subscribe((value) => {
          latest = value;
          onChange();
        });
        return () => subscription.unsubscribe();
      },
      getSnapshot: () => latest,
    };
    // `initial` only seeds the first render of a new stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source$]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
