// Hub authentication from the chat-host session cookies. A browser that holds
// both a participant and a lawyer cookie picks the role with `?as=lawyer` / `?as=participant`.
import type { IncomingMessage } from 'node:http';
import type { PlatformContext } from '../platformContext.js';
import type { HubPrincipal } from '../../hub/hub.types.js';
import { chatNaming } from '../http/auth.js';
import { readRawSessionCookie } from '../http/cookies.js';
import { browserKeyOfChatCookie, sessionRef } from '../sessions.js';

export function hubAuthenticator(ctx: PlatformContext): (req: IncomingMessage) => Promise<HubPrincipal | null> {
  return async (req) => {
    const wanted = new URL(req.url ?? '/', 'http://hub.invalid').searchParams.get('as');
    const naming = chatNaming(ctx);
    if (wanted !== 'lawyer') {
      const participant = await ctx.sessions.resolve('chat', readRawSessionCookie(req, 'chat', naming));
      if (participant !== null) return { kind: 'participant', id: participant };
      if (wanted === 'participant') return null;
    }
    const lawyer = await ctx.sessions.resolve('lawyer', readRawSessionCookie(req, 'lawyer', naming));
    return lawyer !== null ? { kind: 'lawyer', id: lawyer } : null;
  };
}

/**
 * The session a lawyer's connection is opened with (HubOptions.sessionOf): the lawyer cookie of the request the hub
 * admitted – the one `hubAuthenticator` resolved – as its stored hash. Hub calls then extend that session only
 * (sessionActivity.ts), and the connection lives as long as that session (the hub's revalidation): a console left
 * signed in on another computer ends after its idle time although the lawyer works elsewhere.
 *
 * A participant's connection is bound to the browser instead (`browser:<key>`, the key its chat cookie carries,
 * platform/sessions.ts › browserKeyOfChatCookie): opening the chat link again in a new tab signs the person in anew and
 * ends the session the first tab's connection was opened with, and that tab must go on working (README "Holding a
 * consultation") – the new sessions are the same browser's. The connection's calls extend that browser's chat and web
 * sessions and it lives while the browser holds a chat session; a computer the person left signed in is not kept alive
 * by the chat on the phone (found from outside, 2026-12-06). A chat cookie from before migration 0036 names no browser:
 * such a connection stays bound to the person, as before.
 */
export function hubSessionOf(ctx: PlatformContext): (req: IncomingMessage, principal: HubPrincipal) => string | undefined {
  return (req, principal) => {
    if (principal.kind !== 'lawyer') {
      const browserKey = browserKeyOfChatCookie(readRawSessionCookie(req, 'chat', chatNaming(ctx)));
      return browserKey === undefined ? undefined : browserSessionRef(browserKey);
    }
    const token = readRawSessionCookie(req, 'lawyer', chatNaming(ctx));
    return token === undefined ? undefined : sessionRef(token);
  };
}

const BROWSER_REF = 'browser:';

/** The hub's session reference of a participant's browser (never a stored hash, which has no colon). */
export const browserSessionRef = (browserKey: string): string => `${BROWSER_REF}${browserKey}`;

/** The browser key of a participant's session reference; undefined for a lawyer's session hash. */
export function browserOfSessionRef(session: string): string | undefined {
  return session.startsWith(BROWSER_REF) ? session.slice(BROWSER_REF.length) : undefined;
}
