import type { HubLogger, HubPrincipal } from './hub.types.js';
import type { HubConnection } from './hubConnection.js';
import { HubTexts } from './hubMessages.js';

/**
 * Periodically asks the application whether each principal with a local connection is
 * still signed in (session expired, logged out elsewhere, office hours over) and closes
 * the connections of those who are not, without automatic reconnect. Connections opened with a known session
 * (HubCallContext.session) are asked about by that session: each lives as long as its own session.
 */
export class PrincipalRevalidation {
  private nextRun: number;
  private running = false;

  constructor(
    private readonly isActive: ((principal: HubPrincipal, session?: string) => Promise<boolean>) | undefined,
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

  private async run(isActive: (principal: HubPrincipal, session?: string) => Promise<boolean>, connections: HubConnection[]): Promise<void> {
    // One question per principal and session; the session is only a key here and never logged.
    const bySession = new Map<string, HubConnection[]>();
    for (const connection of connections) {
      const key = `${connection.principal.kind}:${connection.principal.id}:${connection.context.session ?? ''}`;
      const group = bySession.get(key);
      if (group === undefined) bySession.set(key, [connection]);
      else group.push(connection);
    }
    await Promise.all(
      [...bySession.values()].map(async (group) => {
        const first = group[0];
        if (first === undefined) return;
        const principal = first.principal;
        try {
          if (await isActive(principal, first.context.session)) return;
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
