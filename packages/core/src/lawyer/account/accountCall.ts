// How the account use cases run a port call: one answer, a 401 ends the session instead of showing a message.
import { take, type Subscription } from 'rxjs';
import type { Call } from '../../ports/call.js';
import type { AppError } from '../../result.js';

/** The wait a 429 named in Retry-After (a locked account), so the console can say how long; else undefined. */
export function lockWaitOf(error: AppError): number | undefined {
  return error._tag === 'HttpError' && error.status === 429 ? error.retryAfterSeconds : undefined;
}

const isUnauthenticated = (error: AppError): boolean => error._tag === 'HttpError' && error.status === 401;

/**
 * Returns `run(call, onValue, onError)`: the answer goes to `onValue` or `onError`, except a 401, which calls
 * `onSessionExpired`. Calls still running end with `running.unsubscribe()`.
 */
export function accountCaller(running: Subscription, onSessionExpired: () => void) {
  return <A>(call: Call<A>, onValue: (value: A) => void, onError: (error: AppError) => void) =>
    running.add(
      call.pipe(take(1)).subscribe((result) => {
        if (result._tag === 'Right') onValue(result.right);
        else if (isUnauthenticated(result.left)) onSessionExpired();
        else onError(result.left);
      }),
    );
}

/** What a screen's list or settings are: still loading, failed to load, or there. */
export type LoadStep = { readonly state: 'loading' } | { readonly state: 'failed' };

/**
 * Loads a screen's data through `run` (an `accountCaller`): `set` gets loading, then the ready state `ready` makes of
 * the answer, or failed. One shape for the administration screens and the Textbausteine.
 */
export function loadInto<A, L>(run: ReturnType<typeof accountCaller>, call: Call<A>, set: (load: L | LoadStep) => void, ready: (value: A) => L): void {
  set({ state: 'loading' });
  run(
    call,
    (value) => set(ready(value)),
    () => set({ state: 'failed' }),
  );
}
