// Caches successful Call results; concurrent callers share one in-flight request.
import { defer, of, shareReplay, tap, type Observable } from 'rxjs';
import type { Call, Result } from '@rechtschat/core';

/**
 * Memoises `load(key)` per key. A failed result is not cached, so the next caller retries.
 * The in-flight request is shared (shareReplay without refCount keeps it running for late subscribers).
 */
export class CallCache<A> {
  private readonly values = new Map<string, A>();
  private readonly inFlight = new Map<string, Observable<Result<A>>>();

  get(key: string, load: () => Call<A>): Call<A> {
    return defer(() => {
      if (this.values.has(key)) return of({ _tag: 'Right', right: this.values.get(key) as A } as Result<A>);
      const running = this.inFlight.get(key);
      if (running) return running;
      const shared = load().pipe(
        tap((result) => {
          this.inFlight.delete(key);
          if (result._tag === 'Right') this.values.set(key, result.right);
        }),
        shareReplay({ bufferSize: 1, refCount: false }),
      );
      this.inFlight.set(key, shared);
      return shared;
    });
  }
}
