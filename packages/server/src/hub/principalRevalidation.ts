import type { HubLogger, HubPrincipal } from './hub.types.js';
import type { HubConnection } from './hubConnection.js';
import { HubTexts } from './hubMessages.js';

/**
 * Periodically asks the application whether each principal with a local connection is
 * still signed in (session expired, logged out elsewhere, office hours over) and closes
 * the connections of those who are not, without automatic reconnect.
 */
export class PrincipalRevalidation {
  private nextRun: number;
  private running = false;

  constructor(
    private readonly isActive: ((principal: HubPrincipal) => Promise<boolean>) | undefined,
    private readonly intervalMs: number,
    private readonly logger: HubLogger,
    now: number,
  ) {
    this.nextRun = now + intervalMs;
  }

  tick(now: number, connections: Iterable<HubConnection>): void {
    if (this.isActive === undefined || this.running || now < this.nextRun) return;
    this.nextRun = now + this.intervalMs;
    this.running = true;
    void this.run(this.isActive, [...connections]).finally(() => {
      this.running = false;
    });
  }

  private async run(isActive: (principal: HubPrincipal) => Promise<boolean>, connections: HubConnection[]): Promise<void> {
    const byPrincipal = new Map<string, HubConnection[]>();
    for (const connection of connections) {
      const key = `${connection.principal.kind}:${connection.principal.id}`;
      byPrincipal.set(key, [...(byPrincipal.get(key) ?? []), connection]);
    }
    await Promise.all(
      [...byPrincipal.values()].map(async (group) => {
        const principal = group[0]?.principal;
        if (principal === undefined) return;
        try {
          if (await isActive(principal)) return;
          this.logger.info({ principal, connections: group.length }, 'hub session no longer valid');
          for (const connection of group) connection.close(HubTexts.sessionEnded, false, 1008);
        } catch (err) {
          // A failing check must not cut everybody off; the next round tries again.
          this.logger.error({ err, principal }, 'hub revalidation failed');
        }
      }),
    );
  }
}
