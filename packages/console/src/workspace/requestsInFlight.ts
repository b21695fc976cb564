// The console's chat-host requests still waiting for their answer. Signing out waits for them, briefly: a list the
// workspace was loading when the lawyer clicked „Abmelden“ would otherwise come back 401 behind the logout (the
// browser logs every such refusal as an error), and a save the lawyer had just clicked completes before the session
// ends instead of being refused.
import { BehaviorSubject, filter, firstValueFrom, map, of, timeout, type SchedulerLike } from 'rxjs';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestsInFlight {
  /** fetch that counts its request as waiting until the answer's headers (or a failure) arrive. */
  readonly fetch: FetchLike;
  /** Resolves once no request is waiting, at the latest after `limitMs` (a hanging request must not block the sign-out). */
  settled(limitMs: number): Promise<void>;
}

export function createRequestsInFlight(fetcher: FetchLike, scheduler: SchedulerLike): RequestsInFlight {
  const waiting = new BehaviorSubject(0);
  return {
    fetch: async (input, init) => {
      waiting.next(waiting.value + 1);
      try {
        return await fetcher(input, init);
      } finally {
        waiting.next(waiting.value - 1);
      }
    },
    settled: (limitMs) =>
      firstValueFrom(
        waiting.pipe(
          filter((count) => count === 0),
          map(() => undefined),
          timeout({ first: limitMs, scheduler, with: () => of(undefined) }),
        ),
      ),
  };
}
