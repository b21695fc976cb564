// Rate-limit counters in Redis when REDIS_URL is set, so the per-address limits hold
// across every server process instead of multiplying with their number.
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** ioredis is loaded only when REDIS_URL is set: a single instance never holds its code. */
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof IoRedis).Redis;

/**
 * The connection @fastify/rate-limit uses. Short timeouts and one retry: when Redis is down a request waits
 * at most about a second before the limiter skips the count (skipOnError) instead of failing the request.
 */
export function createRateLimitRedis(redisUrl: string, logger: Logger): Redis {
  const redis = new (loadRedis())(redisUrl, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', (err: Error) => logger.error({ err: err.message, role: 'rate-limit' }, 'redis rate-limit store error'));
  return redis;
}

/** One count per key and window; the key expires with its window, so nothing is left behind. */
const INCREMENT_IN_WINDOW = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";

/**
 * The hub's per-address request count in Redis (HubOptions.requestLimit.shared), on the connection of the platform's
 * limiter: one budget for the whole deployment. While Redis is not ready the hub counts per process instead of
 * waiting for the reconnect.
 */
export function hubRequestCounter(
  redis: Redis,
  prefix: string,
): { increment(key: string, window: number, windowMs: number): Promise<number>; readonly available: boolean } {
  return {
    get available() {
      return redis.status === 'ready';
    },
    async increment(key, window, windowMs) {
      const count = await redis.eval(INCREMENT_IN_WINDOW, 1, `${prefix}${key}:${window}`, String(windowMs));
      return Number(count);
    },
  };
}
