import type { Backplane } from './hub.types.js';

type Handler = (payload: string) => void;

/**
 * Process-local backplane with Redis-like semantics (asynchronous delivery, every
 * subscriber of a channel receives each message). Share one instance between several
 * hubs to exercise the multi-process fan-out path in tests.
 */
export function createInMemoryBackplane(): Backplane {
  const channels = new Map<string, Set<Handler>>();
  let closed = false;
  return {
    async publish(channel, payload) {
      if (closed) throw new Error('backplane closed');
      const handlers = [...(channels.get(channel) ?? [])];
      setImmediate(() => {
        for (const handler of handlers) handler(payload);
      });
    },
    async subscribe(channel, onMessage) {
      const handlers = channels.get(channel) ?? new Set<Handler>();
      handlers.add(onMessage);
      channels.set(channel, handlers);
    },
    async unsubscribe(channel, onMessage) {
      const handlers = channels.get(channel);
      handlers?.delete(onMessage);
      if (handlers?.size === 0) channels.delete(channel);
    },
    async close() {
      closed = true;
      channels.clear();
    },
  };
}
