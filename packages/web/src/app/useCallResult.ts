// Runs a cold Observable (a port Call or a small use case) when the component mounts and exposes its value.
import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { Result } from '@rechtschat/core';

export type Loadable<T> = { readonly status: 'loading' } | { readonly status: 'done'; readonly value: T };
export type CallState<A> = { readonly status: 'loading' } | { readonly status: 'done'; readonly result: Result<A> };

/**
 * Subscribes to `source` and unsubscribes on unmount or when `source` changes, which aborts a
 * running request. Pass a memoised Observable (useState/useMemo), otherwise every render starts over.
 * The page that shows the value renders as a transition, in slices that leave the phone responsive.
 */
export function useObservableValue<T>(source: Observable<T>): Loadable<T> {
  const [state, setState] = useState<{ source: Observable<T>; value: Loadable<T> }>({ source, value: { status: 'loading' } });
  useEffect(() => {
    const subscription = source.subscribe((value) => startTransition(() => setState({ source, value: { status: 'done', value } })));
    return () => subscription.unsubscribe();
  }, [source]);
  return state.source === source ? state.value : { status: 'loading' };
}

/** useObservableValue for a port Call: the Result once it arrived. */
export function useCallResult<A>(call: Observable<Result<A>>): CallState<A> {
  const state = useObservableValue(call);
  return state.status === 'loading' ? state : { status: 'done', result: state.value };
}
