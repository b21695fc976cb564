// Hub calls are user activity: they keep the HTTP session's idle timer running, and an
// expired or logged-out session ends its hub connections (revalidated by the hub every minute).
import type { PlatformContext } from '../platformContext.js';
import type { HubPrincipal } from '../../hub/hub.types.js';

const TOUCH_EVERY_MS = 60_000;

/**
 * Returns a throttled "this principal did something" recorder (one write per principal and
 * minute). Touches that fall due in the same event-loop round are written together, one
 * statement per session kind: after a restart every connected principal falls due at once,
 * and one commit (fsync) each would hold up the messages behind them.
 */
export function sessionActivity(ctx: PlatformContext): (principal: HubPrincipal) => void {
  const lastTouch = new Map<string, number>();
  const due = { chat: new Set<string>(), lawyer: new Set<string>() };
  let scheduled = false;
  const write = () => {
    scheduled = false;
    for (const kind of ['chat', 'lawyer'] as const) {
      if (due[kind].size === 0) continue;
      const subjects = [...due[kind]];
      due[kind].clear();
      ctx.sessions.touchSubjects(kind, subjects).catch((error: unknown) => ctx.logger.warn({ err: error }, 'session touch failed'));
    }
  };
  return (principal) => {
    const key = `${principal.kind}:${principal.id}`;
    const now = ctx.clock.now().getTime();
    if (now - (lastTouch.get(key) ?? 0) < TOUCH_EVERY_MS) return;
    lastTouch.set(key, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    const kind = principal.kind === 'lawyer' ? 'lawyer' : 'chat';
    due[kind].add(principal.id);
    if (!scheduled) {
      scheduled = true;
      setImmediate(write);
    }
  };
}

/**
 * The hub asks for every principal with a connection once a minute, all in the same round.
 * Those questions are answered together, one query per session kind and 500 principals,
 * instead of one query each (10,000 connections would queue 10,000 queries on the database
 * connection, and the messages behind them would wait).
 */
export function isPrincipalActive(ctx: PlatformContext): (principal: HubPrincipal) => Promise<boolean> {
  type Waiting = { readonly id: string; resolve(active: boolean): void; reject(error: unknown): void };
  let asked: { chat: Waiting[]; lawyer: Waiting[] } | null = null;
  const answer = async (kind: 'chat' | 'lawyer', waiting: Waiting[]) => {
    if (waiting.length === 0) return;
    try {
      const live = await ctx.sessions.liveSubjects(kind, [...new Set(waiting.map((w) => w.id))]);
      for (const w of waiting) w.resolve(live.has(w.id));
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  };
  return (principal) =>
    new Promise<boolean>((resolve, reject) => {
      if (asked === null) {
        const round = { chat: [] as Waiting[], lawyer: [] as Waiting[] };
        asked = round;
        setImmediate(() => {
          asked = null;
          void answer('chat', round.chat);
          void answer('lawyer', round.lawyer);
        });
      }
      asked[principal.kind === 'lawyer' ? 'lawyer' : 'chat'].push({ id: principal.id, resolve, reject });
    });
}
