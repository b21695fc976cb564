// The console's chat-host requests still waiting for their answer. Signing out waits for them, briefly: a list the
// workspace was loading when the lawyer clicked „Abmelden“ would otherwise come back 401 behind the logout (the
// browser logs every such refusal as an error), and a save the lawyer had just clicked completes before the session
// ends instead of being refused. Reads the workspace starts once signing out has begun (a reconnect's re-reads while
// the hub stops) are held back instead of sent: the workspace goes with the session and cancels them.
import { BehaviorSubject, filter, firstValueFrom, map, of, timeout, type SchedulerLike } from 'rxjs';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestsInFlight {
  /** fetch that counts its request as waiting until the answer's headers (or a failure) arrive. */
  readonly fetch: FetchLike;
  /** Resolves once no request is waiting, at the latest after `limitMs` (a hanging request must not block the sign-out). */
  settled(limitMs: number): Promise<void>;
  /**
   * Signing out has begun: GET requests from now on wait unsent – until their caller cancels them (its AbortSignal;
   * the workspace's requests are cancelled when it is disposed with the session), or until `sendReads` lets them go.
   * Other methods (the logout itself) pass.
   */
  holdReads(): void;
  /** Signed out (or in again): reads go out at once again, and those held go out now unless cancelled meanwhile. */
  sendReads(): void;
}

function isRead(init: RequestInit | undefined): boolean {
  return (init?.method ?? 'GET').toUpperCase() === 'GET';
}

function cancelled(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}

export function createRequestsInFlight(fetcher: FetchLike, scheduler: SchedulerLike): RequestsInFlight {
  const waiting = new BehaviorSubject(0);
  let held: Array<() => void> | null = null;

  const send: FetchLike = async (input, init) => {
    waiting.next(waiting.value + 1);
    try {
      return await fetcher(input, init);
    } finally {
      waiting.next(waiting.value - 1);
    }
  };

  const hold: FetchLike = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? null;
      if (signal?.aborted) return reject(cancelled(signal));
      const onAbort = () => reject(cancelled(signal as AbortSignal));
      signal?.addEventListener('abort', onAbort, { once: true });
      held?.push(() => {
        signal?.removeEventListener('abort', onAbort);
        if (signal?.aborted) reject(cancelled(signal));
        else send(input, init).then(resolve, reject);
      });
    });

  return {
    fetch: (input, init) => (held !== null && isRead(init) ? hold(input, init) : send(input, init)),
    settled: (limitMs) =>
      firstValueFrom(
        waiting.pipe(
          filter((count) => count === 0),
          map(() => undefined),
          timeout({ first: limitMs, scheduler, with: () => of(undefined) }),
        ),
      ),
    holdReads: () => {
      held ??= [];
    },
    sendReads: () => {
      const release = held ?? [];
      held = null;
      for (const go of release) go();
    },
  };
}
