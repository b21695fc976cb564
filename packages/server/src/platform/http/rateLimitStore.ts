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
