import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { err, networkError, type Result } from '../result.js';
import type { ConnectionState } from '../ports/chatHub.js';
import { reconnectOnHints, retryHints, type RetryHint } from './reconnectNow.js';

const testScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const flags = { t: true, f: false };

describe('retryHints', () => {
  it('should hint on the online event and on the page shown again while online, never on the state found at the start', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const online$ = hot('f--t--f-t---', flags);
      const visible$ = hot('t-f--tft--ft', flags);
      // 3: the online event; 5: shown again while online; 7: shown again while offline (no hint); 8: online; 11: shown.
      expectObservable(retryHints({ online$ }, { visible$ })).toBe('---o-v--o--v', { o: 'online', v: 'visible' } satisfies Record<string, RetryHint>);
    });
  });
});

describe('reconnectOnHints', () => {
  it('should ask for an attempt only while reconnecting, and for no second one while the first runs', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const connection$ = hot('c-r-------------c---', { c: 'connected', r: 'reconnecting' } satisfies Record<string, ConnectionState>);
      const hints$ = hot<RetryHint>('-o-o-v-o---o-o----o-', { o: 'online', v: 'visible' });
      // Each attempt takes 5 frames and then tells its outcome (here: still no connection).
      const attempt = cold<Result<void>>('-----(a|)', { a: err(networkError('offline')) });
      const attempts = reconnectOnHints({ connectionState$: connection$, reconnectNow: () => attempt }, hints$);
      // 1: connected; 3: the first attempt; 5 and 7: it still runs; 11: the second; 13: it runs; 18: connected again.
      expectObservable(attempts).toBe('--------a-------a---', { a: err(networkError('offline')) });
      expectSubscriptions(attempt.subscriptions).toBe(['---^----!', '-----------^----!']);
    });
  });
});
