import type { Observable } from 'rxjs';
import type { Result } from '../result.js';

/**
 * Every port call is a cold Observable that emits exactly one Result and completes.
 * Observables (not Promises) keep use cases testable in virtual time (ADR 0002).
 */
export type Call<A> = Observable<Result<A>>;
