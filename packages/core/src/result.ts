// Errors crossing a port are values (ADR 0001). Either from fp-ts is the carrier;
// these helpers keep call sites short and the tags uniform.
import * as E from 'fp-ts/lib/Either.js';

export type Result<A, Err = AppError> = E.Either<Err, A>;

/** Every error that crosses a port, as a tagged union. */
export type AppError =
  | { readonly _tag: 'DecodeError'; readonly message: string; readonly paths: readonly string[] }
  | {
      readonly _tag: 'HttpError';
      readonly status: number;
      readonly code: string;
      readonly message: string;
      /** Seconds from a Retry-After header (429 lockouts and rate limits), when the server sent one. */
      readonly retryAfterSeconds?: number;
      /** The error body's fields besides Error and Message (e.g. a refused login's AttemptsLeft), when it had any. */
      readonly details?: Readonly<Record<string, unknown>>;
    }
  | { readonly _tag: 'NetworkError'; readonly message: string }
  | { readonly _tag: 'Timeout'; readonly message: string };

export const ok = E.right;
export const err = E.left;
export const isOk = E.isRight;
export const isErr = E.isLeft;

export const httpError = (status: number, code: string, message: string): AppError => ({ _tag: 'HttpError', status, code, message });
export const networkError = (message: string): AppError => ({ _tag: 'NetworkError', message });
export const timeoutError = (message: string): AppError => ({ _tag: 'Timeout', message });
