import type { HubLogger } from './hub.types.js';

export interface BackplaneHealthOptions {
  readonly logger?: HubLogger | undefined;
  /** Tells the other processes to resync their clients (publishes on the resync channel). */
  announce(): Promise<void>;
}

/**
 * Tracks what a backplane outage may have cost and what must happen when it ends. Pure state, no I/O of its
 * own, so the rules are unit-tested without Redis:
 * - the subscription was interrupted (or a channel could not be subscribed) → this process's clients may
 *   have missed remote messages → once publisher and subscriber are both back, resync them (local);
 * - a publish could not reach Redis → the other processes' clients missed it → once back, announce a resync;
 * - another process announced → resync this process's clients (remote).
 */
export class BackplaneHealth {
  private publisherReady = false;
  private subscriberReady = false;
  private subscriberInterrupted = false;
  /** Both connections up, as last logged: an operator reads when it came back, not only when it went. */
  private up = false;
  private lostPublishes = 0;
  private announcing = false;
  private disposed = false;
  private readonly listeners = new Set<(cause: 'local' | 'remote') => void>();
  private readonly firstUp: Promise<void>;
  private markFirstUp: () => void = () => undefined;

  constructor(private readonly options: BackplaneHealthOptions) {
    this.firstUp = new Promise((resolve) => {
      this.markFirstUp = resolve;
    });
  }

  /** Resolves the first time publisher and subscriber are both up (every channel subscribed). */
  whenFirstUp(): Promise<void> {
    return this.firstUp;
  }

  onResync(listener: (cause: 'local' | 'remote') => void): void {
    this.listeners.add(listener);
  }

  publisherUp(): void {
    this.publisherReady = true;
    this.settle();
  }

  publisherDown(): void {
    this.publisherReady = false;
    this.up = false;
  }

  subscriberUp(): void {
    this.subscriberReady = true;
    this.settle();
  }

  subscriberDown(): void {
    if (this.subscriberReady) {
      this.subscriberInterrupted = true;
      this.options.logger?.warn({ event: 'backplane.down' }, 'backplane subscription lost; clients resync when it is back');
    }
    this.subscriberReady = false;
    this.up = false;
  }

  /** A local member joined a channel that could not be subscribed in Redis yet. */
  subscriptionPending(): void {
    this.subscriberInterrupted = true;
  }

  publishLost(): void {
    this.lostPublishes += 1;
  }

  remoteResync(): void {
    this.emit('remote');
  }

  /** Publisher and subscriber are connected (every channel subscribed) right now. */
  get connected(): boolean {
    return this.publisherReady && this.subscriberReady;
  }

  get healthy(): boolean {
    return this.publisherReady && this.subscriberReady && !this.subscriberInterrupted && this.lostPublishes === 0;
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }

  private settle(): void {
    if (!this.publisherReady || !this.subscriberReady || this.disposed) return;
    this.markFirstUp();
    if (!this.up) {
      this.up = true;
      this.options.logger?.info({ event: 'backplane.up' }, 'backplane up: publishing and every subscription live');
    }
    if (this.subscriberInterrupted) {
      this.subscriberInterrupted = false;
      this.emit('local');
    }
    if (this.lostPublishes === 0 || this.announcing) return;
    const lost = this.lostPublishes;
    this.lostPublishes = 0;
    this.announcing = true;
    this.options
      .announce()
      .then(
        () =>
          this.options.logger?.warn({ event: 'backplane.resync_announced', lostPublishes: lost }, 'publishes lost during the outage; other processes resync'),
        () => {
          // Still not reachable: announce on the next recovery.
          this.lostPublishes += lost;
        },
      )
      .finally(() => {
        this.announcing = false;
      });
  }

  private emit(cause: 'local' | 'remote'): void {
    for (const listener of this.listeners) listener(cause);
  }
}
