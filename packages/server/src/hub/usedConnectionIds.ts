// Single use of connection tokens across processes: a token negotiated on one process must
// not open a second connection on another one. With Redis the claim is one `SET NX PX`; without it each
// process remembers its own ids (ConnectionAdmission keeps that map in any case).
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { HubLogger, UsedConnectionIds } from './hub.types.js';

export interface RedisUsedConnectionIdsOptions {
  readonly keyPrefix?: string;
  readonly logger?: HubLogger;
}

/** ioredis is loaded only when REDIS_URL is set: a single instance never holds its code. */
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof IoRedis).Redis;

/**
 * Shared registry on Redis. When Redis cannot answer, the claim succeeds (the per-process check still
 * applies) so a Redis outage does not lock every client out; the outage is logged.
 */
export function createRedisUsedConnectionIds(redisUrl: string, options: RedisUsedConnectionIdsOptions = {}): UsedConnectionIds {
  const { keyPrefix = 'rechtschat:', logger } = options;
  const redis = new (loadRedis())(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
  redis.on('error', (err: Error) => logger?.error({ err: err.message, role: 'connection-ids' }, 'redis connection-id registry error'));
  return {
    async claim(connectionId, ttlMs) {
      try {
        const result = await redis.set(`${keyPrefix}hub:used:${connectionId}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
        return result === 'OK';
      } catch (err) {
        logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'connection-id registry unavailable; per-process check only');
        return true;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
