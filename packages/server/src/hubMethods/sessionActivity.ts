// Hub calls are user activity: they keep the HTTP session's idle timer running, and an
// expired or logged-out session ends its hub connections (revalidated by the hub every minute).
import type { AppContext } from '../context.js';
import type { SessionKind } from '../domain/sessions.js';
import type { HubPrincipal } from '../hub/hub.types.js';

const TOUCH_EVERY_MS = 60_000;

export const sessionKindOf = (principal: HubPrincipal): SessionKind => (principal.kind === 'lawyer' ? 'lawyer' : 'chat');

/**
 * Returns a throttled "this principal did something" recorder (one write per principal and
 * minute). Touches that fall due in the same event-loop round are written together, one
 * statement per session kind: after a restart every connected principal falls due at once,
 * and one commit (fsync) each would hold up the messages behind them.
 */
export function sessionActivity(ctx: AppContext): (principal: HubPrincipal) => void {
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

export function isPrincipalActive(ctx: AppContext): (principal: HubPrincipal) => Promise<boolean> {
  return (principal) => ctx.sessions.hasLiveSession(sessionKindOf(principal), principal.id);
}
