// KeyValueStorage over sessionStorage. Storage can be disabled (privacy modes, quota):
// the wrapper then degrades silently to "nothing stored" instead of throwing.
import type { KeyValueStorage } from '@rechtschat/core';

/** Wraps a Web Storage area; pass `window.sessionStorage` (resolved lazily, since merely reading it may throw). */
export function createSessionStorage(area: () => Storage = () => window.sessionStorage): KeyValueStorage {
  const attempt = <A>(action: (storage: Storage) => A, fallback: A): A => {
    try {
      return action(area());
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}
