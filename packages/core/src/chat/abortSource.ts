// An abort signal without DOM types (core has none): what the upload port takes to abort a request.
import type { AbortSignalLike } from '../ports/platform.js';

export interface AbortSource {
  readonly signal: AbortSignalLike;
  /** Marks the signal aborted and tells its listeners, once. */
  abort(): void;
}

export function abortSource(): AbortSource {
  const listeners = new Set<() => void>();
  let aborted = false;
  const signal: AbortSignalLike = {
    get aborted() {
      return aborted;
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  return {
    signal,
    abort() {
      if (aborted) return;
      aborted = true;
      const heard = [...listeners];
      listeners.clear();
      heard.forEach((listener) => listener());
    },
  };
}
