// Field-of-law classification with a 10 s limit; on failure or time-out the fallback field of law.
import { map, of, timeout, type Observable, type SchedulerLike } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { FALLBACK_FIELD_OF_LAW, FALLBACK_FIELD_OF_LAW_LONG_NAME } from '../bot/index.js';
import type { ProductApi } from '../ports/productApi.js';
import { err, timeoutError } from '../result.js';
import type { ClassifyResult } from '../wire/index.js';
import { CLASSIFY_TIMEOUT_MS } from './chatTimings.js';

/** Field of law 2, used on failure or time-out. */
export const FALLBACK_CLASSIFICATION: ClassifyResult = { FieldOfLaw: FALLBACK_FIELD_OF_LAW, FieldOfLawLongName: FALLBACK_FIELD_OF_LAW_LONG_NAME };

/** Always emits one classification: the server's, or field of law 2 on failure or after 10 s. */
export function classifyWithFallback(api: ProductApi, text: string, scheduler: SchedulerLike): Observable<{ result: ClassifyResult; fallback: boolean }> {
  return api.classify(text).pipe(
    timeout({ first: CLASSIFY_TIMEOUT_MS, scheduler, with: () => of(err(timeoutError('Klassifizierung dauerte zu lange'))) }),
    map((result) => (E.isRight(result) ? { result: result.right, fallback: false } : { result: FALLBACK_CLASSIFICATION, fallback: true })),
  );
}
