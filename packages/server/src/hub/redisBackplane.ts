import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import { BackplaneHealth } from './backplaneHealth.js';
import type { Backplane, HubLogger } from './hub.types.js';

type Handler = (payload: string) => void;

export interface RedisBackplaneOptions {
  /** Prepended to every channel so that several apps (or test runs) can share one Redis. */
  readonly channelPrefix?: string;
  readonly logger?: HubLogger;
  /** Names this process in resync announcements; default random. */
  readonly instanceId?: string;
  /** Longest pause between reconnect attempts to Redis, default 1000 ms. */
  readonly maxReconnectDelayMs?: number;
}

/** Relative channel on which a process that lost publishes asks every other process to resync its clients. */
export const RESYNC_CHANNEL = 'hub:backplane:resync';

/** ioredis is loaded only when REDIS_URL is set: a single instance never holds its code. */
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof IoRedis).Redis;

/**
 * Redis pub/sub backplane over two ioredis connections (a subscribed connection cannot publish).
 *
 * Redis pub/sub keeps nothing for a subscriber that is away, and ASP.NET's backplane simply loses what is
 * published while Redis is down. Here nothing is lost silently (docs/reliability.md, "Redis outage"):
 * - a publish that cannot reach Redis is delivered to this process's own subscribers at once and never
 *   rejects (the message is already persisted; the sender must not see a failure);
 * - once Redis is back and every channel is subscribed again, this process asks its clients to resync
 *   (onResyncNeeded: the hub closes them with allowReconnect, they reconnect and re-read) if its
 *   subscription was interrupted, and announces a resync on RESYNC_CHANNEL if its own publishes were lost,
 *   so that the other processes' clients re-read too.
 */
export function createRedisBackplane(redisUrl: string, options: RedisBackplaneOptions | string = {}): Backplane {
  const {
    channelPrefix = 'rechtschat:',
    logger,
    instanceId = randomBytes(8).toString('hex'),
    maxReconnectDelayMs = 1000,
  } = typeof options === 'string' ? { channelPrefix: options } : options;
  const retryStrategy = (attempt: number) => Math.min(attempt * 100, maxReconnectDelayMs);
  // Publishing fails fast while disconnected (no offline queue): the fallback below takes over at once.
  const pub = new (loadRedis())(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, autoResendUnfulfilledCommands: false, retryStrategy });
  // Subscriptions are restored by us (all channels, then the health check), not by ioredis.
  const sub = new (loadRedis())(redisUrl, { maxRetriesPerRequest: 1, autoResubscribe: false, retryStrategy });
  const handlers = new Map<string, Set<Handler>>();
  const resyncKey = channelPrefix + RESYNC_CHANNEL;
  const health = new BackplaneHealth({
    logger,
    announce: async () => void (await pub.publish(resyncKey, instanceId)),
  });
  let closed = false;

  // One error line per connection and outage (then debug until it is ready again): ioredis retries every second, and
  // four lines a second per instance buried the outage's start in the log (operator tester, 2026-12-05).
  const failing = new Set<string>();
  const onError = (role: string) => (err: Error) => {
    if (failing.has(role)) return logger?.debug?.({ err: err.message, role }, 'redis backplane still unreachable');
    failing.add(role);
    return logger?.error({ err: err.message, role }, 'redis backplane error');
  };
  pub.on('error', onError('publish'));
  sub.on('error', onError('subscribe'));
  pub.on('ready', () => failing.delete('publish'));
  sub.on('ready', () => failing.delete('subscribe'));
  pub.on('ready', () => health.publisherUp());
  pub.on('close', () => health.publisherDown());
  sub.on('close', () => health.subscriberDown());
  sub.on('ready', () => {
    // One SUBSCRIBE for every channel with local handlers; the reply means all of them are live again.
    const channels = [resyncKey, ...handlers.keys()];
    sub.subscribe(...channels).then(
      () => health.subscriberUp(),
      (err: unknown) => logger?.warn({ err, channels: channels.length }, 'redis backplane resubscribe failed; retrying on reconnect'),
    );
  });

  function deliver(key: string, payload: string): void {
    for (const handler of handlers.get(key) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        logger?.error({ err, channel: key }, 'backplane handler failed');
      }
    }
  }

  sub.on('message', (channel: string, payload: string) => {
    if (channel === resyncKey) {
      if (payload !== instanceId) health.remoteResync();
      return;
    }
    deliver(channel, payload);
  });

  return {
    isUp: () => !closed && health.connected,
    async publish(channel, payload) {
      const key = channelPrefix + channel;
      if (closed) throw new Error('backplane closed');
      if (pub.status === 'ready') {
        try {
          await pub.publish(key, payload);
          return;
        } catch (err) {
          logger?.warn({ err: (err as Error).message, channel }, 'redis publish failed; delivered locally, resync follows');
        }
      }
      // Redis is unreachable: this process's members still get it now (as Redis would have delivered it),
      // the other processes' clients resync once Redis is back.
      health.publishLost();
      setImmediate(() => deliver(key, payload));
    },
    async subscribe(channel, onMessage) {
      const key = channelPrefix + channel;
      const set = handlers.get(key) ?? new Set<Handler>();
      const first = set.size === 0;
      set.add(onMessage);
      handlers.set(key, set);
      if (!first) return;
      if (sub.status !== 'ready') {
        // Subscribed with all others once Redis is back; until then this member may miss remote messages.
        health.subscriptionPending();
        return;
      }
      await sub.subscribe(key).catch(() => health.subscriptionPending());
    },
    async unsubscribe(channel, onMessage) {
      const key = channelPrefix + channel;
      const set = handlers.get(key);
      if (set === undefined) return;
      set.delete(onMessage);
      if (set.size > 0) return;
      handlers.delete(key);
      // A failed UNSUBSCRIBE is harmless: nobody handles the channel, and the next reconnect drops it.
      if (sub.status === 'ready') await sub.unsubscribe(key).catch(() => undefined);
    },
    onResyncNeeded(listener) {
      health.onResync(listener);
    },
    ready() {
      return health.whenFirstUp();
    },
    async close() {
      closed = true;
      handlers.clear();
      health.dispose();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
