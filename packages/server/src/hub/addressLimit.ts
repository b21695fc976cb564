import type { IncomingMessage } from 'node:http';
import type { SharedWindowCounter } from './hub.types.js';

/**
 * Requests per client address and window for the hub's own HTTP answers (negotiate, and every request or upgrade
 * that does not belong to an open connection): the hub answers before Fastify, so the platform's per-address limit
 * (@fastify/rate-limit) never saw them, and an anonymous client could make it read sessions and write a log line per
 * refused request without end. Traffic of an open connection is not counted: its records have their own limit.
 * A fixed window per key in memory per process; with a `shared` counter (Redis) the budget also holds across every
 * process of the deployment, so that several processes behind one load balancer do not multiply it. A request whose
 * key is null is not counted.
 */
export class AddressLimit {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly keyOf: (req: IncomingMessage) => string | null,
    private readonly shared?: SharedWindowCounter,
    private readonly onSharedError?: (error: unknown) => void,
  ) {}

  /**
   * 0 when the request may go on, else the seconds until the address may ask again (Retry-After). A promise only
   * when the shared count must be asked: a request this process refuses on its own count never waits for it, and
   * neither does one while the shared store is unavailable (then this process's count decides, as the platform's
   * limit skips an unreachable Redis).
   */
  take(req: IncomingMessage, now: number): number | Promise<number> {
    const key = this.keyOf(req);
    if (key === null) return 0;
    const local = this.takeLocal(key, now);
    if (local > 0 || this.shared === undefined || !this.shared.available) return local;
    const window = Math.floor(now / this.windowMs);
    const retryAfter = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    return this.shared.increment(key, window, this.windowMs).then(
      (count) => (count <= this.max ? 0 : retryAfter),
      (error: unknown) => {
        this.onSharedError?.(error);
        return 0;
      },
    );
  }

  /** Heartbeat: forgets the windows that are over. */
  sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  private takeLocal(key: string, now: number): number {
    const window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    window.count += 1;
    return window.count <= this.max ? 0 : Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }
}
