// One multipart upload over XMLHttpRequest: fetch reports no upload progress. Used by the case file's documents and
// the chat's files; the chat host adapter imports this module only when a file is sent, so it stays out of the
// entry of /chat/new (docs/performance-web-bundle.md).
import { Observable } from 'rxjs';
import { ErrorBody, decode, err, httpError, networkError, ok, type AppError, type Result } from '@rechtschat/core';
import type { AbortSignalLike } from '@rechtschat/core';
import { withRetryAfter } from './fetchCall.js';

/** The part of XMLHttpRequest the upload uses, so tests can hand in a fake. */
export interface UploadRequest {
  open(method: string, url: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  getResponseHeader(name: string): string | null;
  setRequestHeader(name: string, value: string): void;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

/** Progress while the bytes go out, then the decoded answer. */
export type XhrUploadEvent<A> = { readonly _tag: 'Progress'; readonly loaded: number; readonly total: number } | { readonly _tag: 'Done'; readonly value: A };

export interface XhrUploadOptions<A> {
  readonly url: string;
  readonly form: FormData;
  /** Size of the file, the total when the browser cannot say how large the body is. */
  readonly size: number;
  /** Reads the 2xx answer's body. */
  readonly decode: (responseText: string) => Result<A>;
  /** Aborting it aborts the request; the Observable then completes without a Result. */
  readonly signal?: AbortSignalLike;
}

/** The browser's XMLHttpRequest (called only when a file is sent, never at import). */
export const browserUploadRequest = (): UploadRequest => new XMLHttpRequest() as unknown as UploadRequest;

/**
 * Emits Progress results and ends with Done, or emits one error Result (the `{ Error, Message }` body read like any
 * other answer, no answer at all as a NetworkError). Unsubscribing or the signal aborts the request.
 */
export function xhrUpload<A>(request: UploadRequest, options: XhrUploadOptions<A>): Observable<Result<XhrUploadEvent<A>>> {
  return new Observable<Result<XhrUploadEvent<A>>>((subscriber) => {
    let finished = false;
    const finish = (result: Result<XhrUploadEvent<A>> | null) => {
      if (finished) return;
      finished = true;
      if (result !== null) subscriber.next(result);
      subscriber.complete();
    };
    const onAbort = () => {
      if (finished) return;
      request.abort();
      finish(null);
    };
    if (options.signal?.aborted) {
      finish(null);
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.open('POST', options.url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (finished) return;
      const total = event.lengthComputable ? event.total : options.size;
      subscriber.next(ok({ _tag: 'Progress', loaded: event.loaded, total }));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const decoded = options.decode(request.responseText);
        finish(decoded._tag === 'Right' ? ok({ _tag: 'Done', value: decoded.right }) : decoded);
        return;
      }
      finish(err(uploadError(request)));
    };
    request.onerror = () => finish(err(networkError('Netzwerkfehler beim Hochladen.')));
    request.onabort = () => finish(null);
    request.send(options.form);
    return () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (!finished) {
        finished = true;
        request.abort();
      }
    };
  });
}

function uploadError(request: UploadRequest): AppError {
  const body = decode(ErrorBody, parseJsonOrNull(request.responseText));
  const error =
    body._tag === 'Right'
      ? httpError(request.status, body.right.Error, body.right.Message)
      : httpError(request.status, `Http${request.status}`, `Der Server antwortete mit Status ${request.status}.`);
  return withRetryAfter(error, request.getResponseHeader('Retry-After'));
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
