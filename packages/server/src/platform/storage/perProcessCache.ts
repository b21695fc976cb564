// A read the whole process shares for a few seconds: settings every page or login asks for (service hours, the firm's
// details). Kept per database handle – i.e. per server process; tests run several apps in one process – younger than
// `ttlMs`, forgotten at once when this process writes a change; another process sees a change within `ttlMs`.
import type { Clock } from '../clock.js';
import type { Db } from './database.js';

export interface PerProcessCache<Deps extends { readonly db: Db; readonly clock: Clock }, T> {
  /** The value, from the cache while it is younger than the time to live. */
  get(deps: Deps): Promise<T>;
  /** After a change written on this process: the next `get` reads the database. */
  forget(db: Db): void;
}

export function perProcessCache<Deps extends { readonly db: Db; readonly clock: Clock }, T>(
  ttlMs: number,
  load: (deps: Deps) => Promise<T>,
): PerProcessCache<Deps, T> {
  const caches = new WeakMap<Db, { readonly at: number; readonly value: Promise<T> }>();
  return {
    get(deps) {
      const now = deps.clock.now().getTime();
      const cached = caches.get(deps.db);
      if (cached !== undefined && now >= cached.at && now - cached.at < ttlMs) return cached.value;
      const value = load(deps);
      caches.set(deps.db, { at: now, value });
      // A failed read is not kept: the next request reads again.
      value.catch(() => {
        if (caches.get(deps.db)?.value === value) caches.delete(deps.db);
      });
      return value;
    },
    forget: (db) => caches.delete(db),
  };
}
