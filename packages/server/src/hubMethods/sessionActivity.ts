// Hub calls are user activity: they keep the HTTP session's idle timer running, and an
// expired or logged-out session ends its hub connections (revalidated by the hub every minute).
import type { AppContext } from '../context.js';
import type { SessionKind } from '../domain/sessions.js';
import type { HubPrincipal } from '../hub/hub.types.js';

const TOUCH_EVERY_MS = 60_000;

export const sessionKindOf = (principal: HubPrincipal): SessionKind => (principal.kind === 'lawyer' ? 'lawyer' : 'chat');

/** Returns a throttled "this principal did something" recorder (one write per principal and minute). */
export function sessionActivity(ctx: AppContext): (principal: HubPrincipal) => void {
  const lastTouch = new Map<string, number>();
  return (principal) => {
    const key = `${principal.kind}:${principal.id}`;
    const now = ctx.clock.now().getTime();
    if (now - (lastTouch.get(key) ?? 0) < TOUCH_EVERY_MS) return;
    lastTouch.set(key, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    ctx.sessions.touchSubject(sessionKindOf(principal), principal.id).catch((error: unknown) => ctx.logger.warn({ err: error }, 'session touch failed'));
  };
}

export function isPrincipalActive(ctx: AppContext): (principal: HubPrincipal) => Promise<boolean> {
  return (principal) => ctx.sessions.hasLiveSession(sessionKindOf(principal), principal.id);
}
