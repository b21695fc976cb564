// A client's logout on either origin (web: `POST api/authentication/logout`, chat host: `POST api/logout`) ends the
// whole browser: its web and chat sessions and its hub connections. The web app calls both logouts; when the second
// call never arrives (network, tab closed), a chat session left behind on a shared computer stayed usable (found from
// outside, 2026-12-06). The person's sessions in another browser (the phone) stay.
import type { AppContext } from '../../context.js';
import { browserSessionRef } from '../../platform/hubCalls/hubAuth.js';
import { announceParticipantLoggedOut } from './systemNotices.js';

const LOGGED_OUT_NOTICE = 'Sie haben sich abgemeldet.';

/** Ends the client sessions of the browser behind `token` (platform/sessions.ts › endClientBrowser) and its hub connections. */
export async function logOutParticipantBrowser(ctx: AppContext, kind: 'web' | 'chat', token: string | undefined): Promise<void> {
  const ended = await ctx.sessions.endClientBrowser(kind, token);
  if (ended === null) return;
  const principal = { kind: 'participant', id: ended.participantId } as const;
  if (ctx.hub) {
    // A session from before migration 0036 names no browser: all the person's sessions ended, so do their connections.
    if (ended.browserKey === null) await ctx.hub.disconnectPrincipal(principal, LOGGED_OUT_NOTICE);
    else await ctx.hub.disconnectSession(principal, browserSessionRef(ended.browserKey), LOGGED_OUT_NOTICE);
  }
  if (ended.endedChat) await announceParticipantLoggedOut(ctx, ended.participantId);
}
