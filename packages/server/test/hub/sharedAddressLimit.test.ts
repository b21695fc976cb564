// The hub's per-address budget (600 a minute) holds for the whole deployment when the processes share a counter in
// Redis: without it, two processes behind one load balancer let one address send twice the budget. A request this
// process refuses on its own count never waits for Redis, and while Redis cannot answer each process counts alone.
import type { IncomingMessage } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressLimit } from '../../src/hub/addressLimit.js';
import type { SharedWindowCounter } from '../../src/hub/index.js';
import { hubRequestCounter } from '../../src/platform/http/rateLimitStore.js';

const request = (address: string) => ({ socket: { remoteAddress: address } }) as unknown as IncomingMessage;
const keyOf = (req: IncomingMessage) => req.socket.remoteAddress ?? null;
const MINUTE = 60_000;
const NOW = 1_790_000_000_000;

/** Two processes' verdicts for `n` requests of one address, alternating between them. */
async function alternate(first: AddressLimit, second: AddressLimit, n: number, address: string): Promise<number[]> {
  const verdicts: number[] = [];
  for (let i = 0; i < n; i += 1) verdicts.push(await (i % 2 === 0 ? first : second).take(request(address), NOW));
  return verdicts;
}

function memoryCounter(): SharedWindowCounter & { calls: number; available: boolean } {
  const counts = new Map<string, number>();
  return {
    calls: 0,
    available: true,
    async increment(key, window) {
      this.calls += 1;
      const count = (counts.get(`${key}:${window}`) ?? 0) + 1;
      counts.set(`${key}:${window}`, count);
      return count;
    },
  };
}

describe('hub per-address limit shared by the processes', () => {
  it('should refuse an address beyond the budget across two processes, not per process', async () => {
    const shared = memoryCounter();
    const verdicts = await alternate(new AddressLimit(10, MINUTE, keyOf, shared), new AddressLimit(10, MINUTE, keyOf, shared), 20, '203.0.113.7');
    expect(verdicts.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(verdicts.slice(10).every((retryAfter) => retryAfter > 0)).toBe(true);
  });

  it('should let each process count alone without a shared counter (the single-process default)', async () => {
    const verdicts = await alternate(new AddressLimit(10, MINUTE, keyOf), new AddressLimit(10, MINUTE, keyOf), 20, '203.0.113.7');
    expect(verdicts).toEqual(Array(20).fill(0));
  });

  it('should refuse on its own count without asking the shared counter', async () => {
    const shared = memoryCounter();
    const limit = new AddressLimit(2, MINUTE, keyOf, shared);
    for (let i = 0; i < 2; i += 1) await limit.take(request('203.0.113.8'), NOW);
    expect(typeof limit.take(request('203.0.113.8'), NOW)).toBe('number');
    expect(shared.calls).toBe(2);
  });

  it('should count per process while the shared counter is unavailable or fails, and say so', async () => {
    const shared = memoryCounter();
    shared.available = false;
    const failures: unknown[] = [];
    const limit = new AddressLimit(2, MINUTE, keyOf, shared, (error) => failures.push(error));
    expect(limit.take(request('203.0.113.9'), NOW)).toBe(0);
    expect(shared.calls).toBe(0);
    const failing: SharedWindowCounter = { available: true, increment: () => Promise.reject(new Error('Redis weg')) };
    const limitWithFailure = new AddressLimit(2, MINUTE, keyOf, failing, (error) => failures.push(error));
    expect(await limitWithFailure.take(request('203.0.113.9'), NOW)).toBe(0);
    expect(failures).toHaveLength(1);
  });

  describe('in Redis', () => {
    let redis: Redis;
    const prefix = `rc-test-hub-requests-${process.pid}-${Date.now()}:`;
    beforeAll(async () => {
      redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      await redis.ping();
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('should share one window per address between two processes and let the key expire with the window', async () => {
      const verdicts = await alternate(
        new AddressLimit(5, MINUTE, keyOf, hubRequestCounter(redis, prefix)),
        new AddressLimit(5, MINUTE, keyOf, hubRequestCounter(redis, prefix)),
        8,
        '198.51.100.4',
      );
      expect(verdicts.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
      expect(verdicts.slice(5).every((retryAfter) => retryAfter > 0 && retryAfter <= 60)).toBe(true);
      const [key] = await redis.keys(`${prefix}198.51.100.4:*`);
      expect(key).toBe(`${prefix}198.51.100.4:${Math.floor(NOW / MINUTE)}`);
      const ttl = await redis.pttl(key as string);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(MINUTE);
    });
  });
});
