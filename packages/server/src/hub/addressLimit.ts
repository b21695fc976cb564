import type { IncomingMessage } from 'node:http';

/**
 * Requests per client address and window for the hub's own HTTP answers (negotiate, and every request or upgrade
 * that does not belong to an open connection): the hub answers before Fastify, so the platform's per-address limit
 * (@fastify/rate-limit) never saw them, and an anonymous client could make it read sessions and write a log line per
 * refused request without end. Traffic of an open connection is not counted: its records have their own limit.
 * A fixed window per key, in memory per process; a request whose key is null is not counted.
 */
export class AddressLimit {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly keyOf: (req: IncomingMessage) => string | null,
  ) {}

  /** 0 when the request may go on, else the seconds until the address may ask again (Retry-After). */
  take(req: IncomingMessage, now: number): number {
    const key = this.keyOf(req);
    if (key === null) return 0;
    const window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    window.count += 1;
    return window.count <= this.max ? 0 : Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  /** Heartbeat: forgets the windows that are over. */
  sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
