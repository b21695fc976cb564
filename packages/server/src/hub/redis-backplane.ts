import { Redis } from 'ioredis';
import type { Backplane, HubLogger } from './hub.types.js';

type Handler = (payload: string) => void;

export interface RedisBackplaneOptions {
  /** Prepended to every channel so that several apps (or test runs) can share one Redis. */
  readonly channelPrefix?: string;
  readonly logger?: HubLogger;
}

/**
 * Redis pub/sub backplane over two ioredis connections (a subscribed connection cannot
 * publish). Like ASP.NET's Redis backplane it does not buffer: messages published while
 * Redis is unreachable are lost and `publish` rejects.
 */
export function createRedisBackplane(redisUrl: string, options: RedisBackplaneOptions | string = {}): Backplane {
  const { channelPrefix = 'rechtschat:', logger } = typeof options === 'string' ? { channelPrefix: options } : options;
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const handlers = new Map<string, Set<Handler>>();
  const onError = (role: string) => (err: Error) => logger?.error({ err: err.message, role }, 'redis backplane error');
  pub.on('error', onError('publish'));
  sub.on('error', onError('subscribe'));
  sub.on('message', (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        logger?.error({ err, channel }, 'backplane handler failed');
      }
    }
  });
  return {
    async publish(channel, payload) {
      await pub.publish(channelPrefix + channel, payload);
    },
    async subscribe(channel, onMessage) {
      const key = channelPrefix + channel;
      const set = handlers.get(key) ?? new Set<Handler>();
      const first = set.size === 0;
      set.add(onMessage);
      handlers.set(key, set);
      if (first) await sub.subscribe(key);
    },
    async unsubscribe(channel, onMessage) {
      const key = channelPrefix + channel;
      const set = handlers.get(key);
      if (set === undefined) return;
      set.delete(onMessage);
      if (set.size > 0) return;
      handlers.delete(key);
      await sub.unsubscribe(key);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
