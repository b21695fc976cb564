// One HTTP exchange as a port Call: transport failures, error bodies and bad payloads become AppError values.
import type * as t from 'io-ts';
import { Observable, asyncScheduler, timeout, catchError, of, type SchedulerLike } from 'rxjs';
import { ErrorBody, decode, decodeJson, err, httpError, networkError, ok, timeoutError, type AppError, type Result } from '@rechtschat/core';
import type { Call } from '@rechtschat/core';

export type FetchFn = typeof fetch;

/** How the response body is read and checked. */
export type ResponseReader<A> = (response: Response) => Promise<Result<A>>;

export interface FetchCallOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-encoded unless it is FormData. */
  readonly body?: unknown;
  readonly credentials: RequestCredentials;
  /** Added to the request's own (Accept, Content-Type). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Aborts the request and answers a Timeout error after this many milliseconds. */
  readonly timeoutMs?: number;
  /** Scheduler for the time-out; tests pass a virtual one. */
  readonly scheduler?: SchedulerLike;
}

/** Reads a JSON body and decodes it with the codec. */
export function jsonReader<A, O>(codec: t.Type<A, O, unknown>): ResponseReader<A> {
  return async (response) => decodeJson(codec, await response.text());
}

/** Reads a text/plain body. */
export const textReader: ResponseReader<string> = async (response) => ok(await response.text());

/** Ignores the body (204 and similar). */
export const voidReader: ResponseReader<void> = async () => ok(undefined);

/** Reads a binary body. */
export const blobReader: ResponseReader<Blob> = async (response) => ok(await response.blob());

/** Turns a non-2xx response into an HttpError, using the `{ Error, Message }` body when the server sent one. */
export async function errorFromResponse(response: Response): Promise<AppError> {
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const body = decode(ErrorBody, parsed);
  const error =
    body._tag === 'Right'
      ? withDetails(httpError(response.status, body.right.Error, body.right.Message), parsed as Record<string, unknown>)
      : httpError(response.status, `Http${response.status}`, `Der Server antwortete mit Status ${response.status}.`);
  return withRetryAfter(error, response.headers.get('Retry-After'));
}

/** Keeps the body's fields besides Error and Message (e.g. AttemptsLeft of a refused login); none: the error as it was. */
function withDetails(error: AppError, body: Record<string, unknown>): AppError {
  const { Error: _code, Message: _message, ...rest } = body;
  return Object.keys(rest).length === 0 || error._tag !== 'HttpError' ? error : { ...error, details: rest };
}

/** Adds the Retry-After seconds to an HttpError (lockouts, rate limits) so the client can name the wait. */
export function withRetryAfter(error: AppError, header: string | null): AppError {
  const seconds = retryAfterSeconds(header);
  return seconds === undefined || error._tag !== 'HttpError' ? error : { ...error, retryAfterSeconds: seconds };
}

/** Retry-After in seconds (the delta form; the date form is not used by this server). */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d{1,9}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function encodeBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: { Accept: 'application/json' } };
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { body, headers: {} };
  return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'application/json' } };
}

/**
 * A cold Call for one request. Unsubscribing (or the time-out) aborts the request,
 * so a caller that gives up never leaves a socket open.
 */
export function fetchCall<A>(fetchFn: FetchFn, url: string, options: FetchCallOptions, reader: ResponseReader<A>): Call<A> {
  const request$ = new Observable<Result<A>>((subscriber) => {
    const controller = new AbortController();
    const encoded = encodeBody(options.body);
    const headers = { ...encoded.headers, ...options.headers };
    fetchFn(url, { method: options.method ?? 'GET', credentials: options.credentials, headers, body: encoded.body, signal: controller.signal })
      .then(async (response): Promise<Result<A>> => (response.ok ? reader(response) : err(await errorFromResponse(response))))
      .catch((cause: unknown): Result<A> => err(networkError(`Netzwerkfehler: ${describe(cause)}`)))
      .then((result) => {
        subscriber.next(result);
        subscriber.complete();
      });
    return () => controller.abort();
  });
  if (options.timeoutMs === undefined) return request$;
  const limit = options.timeoutMs;
  return request$.pipe(
    timeout({ first: limit, scheduler: options.scheduler ?? asyncScheduler }),
    catchError(() => of(err(timeoutError(`Keine Antwort innerhalb von ${limit / 1000} s.`)))),
  );
}

/**
 * A file the browser saves, fetched with the session cookie and nothing else (no body, no Accept header), as a Call:
 * the bytes, or the refusal as an AppError (`{ Error, Message }` read like any other answer).
 */
export function fileCall(fetchFn: (url: string, init: RequestInit) => Promise<Response>, url: string): Call<Blob> {
  return new Observable<Result<Blob>>((subscriber) => {
    fetchFn(url, { credentials: 'include' })
      .then(async (response): Promise<Result<Blob>> => (response.ok ? ok(await response.blob()) : err(await errorFromResponse(response))))
      .catch((cause: unknown): Result<Blob> => err(networkError(`Netzwerkfehler: ${describe(cause)}`)))
      .then((result) => {
        subscriber.next(result);
        subscriber.complete();
      });
  });
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
