// Field-of-law classification with a 10 s limit; on failure or time-out the fallback field of law. A request the
// network lost is sent again once the device is online, within the same 10 s: a phone that drops its connection for a
// moment as the problem is sent keeps the right field of law instead of falling back at once (outside tester).
import { defer, delay, filter, map, of, switchMap, take, timeout, type Observable, type SchedulerLike } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { FALLBACK_FIELD_OF_LAW, FALLBACK_FIELD_OF_LAW_LONG_NAME } from '../bot/index.js';
import type { ProductApi } from '../ports/productApi.js';
import { err, timeoutError, type Result } from '../result.js';
import type { ClassifyResult } from '../wire/index.js';
import { CLASSIFY_TIMEOUT_MS } from './chatTimings.js';

/** Field of law 2, used on failure or time-out. */
export const FALLBACK_CLASSIFICATION: ClassifyResult = { FieldOfLaw: FALLBACK_FIELD_OF_LAW, FieldOfLawLongName: FALLBACK_FIELD_OF_LAW_LONG_NAME };

/** Between a lost request and the next, once the device reports its network: not a tight loop against a dead server. */
export const CLASSIFY_RETRY_MS = 1_000;

/**
 * Always emits one classification: the server's, or field of law 2 when the server refuses or after 10 s. A request the
 * network lost (`NetworkError`, `Timeout`) is sent again once `online$` says the device is online, until the 10 s are up.
 */
export function classifyWithFallback(
  api: ProductApi,
  text: string,
  scheduler: SchedulerLike,
  online$: Observable<boolean>,
): Observable<{ result: ClassifyResult; fallback: boolean }> {
  const attempt = (): Observable<Result<ClassifyResult>> =>
    defer(() => api.classify(text)).pipe(
      switchMap((result) =>
        E.isLeft(result) && (result.left._tag === 'NetworkError' || result.left._tag === 'Timeout')
          ? online$.pipe(filter(Boolean), take(1), delay(CLASSIFY_RETRY_MS, scheduler), switchMap(attempt))
          : of(result),
      ),
    );
  return attempt().pipe(
    timeout({ first: CLASSIFY_TIMEOUT_MS, scheduler, with: () => of(err(timeoutError('Klassifizierung dauerte zu lange'))) }),
    map((result) => (E.isRight(result) ? { result: result.right, fallback: false } : { result: FALLBACK_CLASSIFICATION, fallback: true })),
  );
}
