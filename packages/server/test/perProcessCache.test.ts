import { describe, expect, it } from 'vitest';
import type { Db } from '../src/platform/storage/database.js';
import { perProcessCache } from '../src/platform/storage/perProcessCache.js';

function setUp(load: () => Promise<number>) {
  let now = 0;
  const deps = { db: {} as Db, clock: { now: () => new Date(now) } };
  const cache = perProcessCache(5_000, load);
  return { deps, cache, advance: (ms: number) => (now += ms) };
}

describe('perProcessCache', () => {
  it('should read once within its time to live, again after it and at once after forget', async () => {
    let reads = 0;
    const { deps, cache, advance } = setUp(async () => ++reads);
    expect(await cache.get(deps)).toBe(1);
    advance(4_999);
    expect(await cache.get(deps)).toBe(1);
    advance(1);
    expect(await cache.get(deps)).toBe(2);
    cache.forget(deps.db);
    expect(await cache.get(deps)).toBe(3);
  });

  it('should not keep a failed read', async () => {
    let fail = true;
    const { deps, cache } = setUp(async () => {
      if (fail) throw new Error('database down');
      return 7;
    });
    await expect(cache.get(deps)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get(deps)).toBe(7);
  });
});
