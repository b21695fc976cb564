// Hub calls are user activity: they keep the idle timer of the HTTP session their connection was opened with
// running, and an expired or logged-out session ends its hub connections (revalidated by the hub every minute).
import type { PlatformContext } from '../platformContext.js';
import type { HubCallContext, HubPrincipal } from '../../hub/hub.types.js';
import { browserOfSessionRef } from './hubAuth.js';

const TOUCH_EVERY_MS = 60_000;

type Due = { readonly sessions: Set<string>; readonly subjects: Set<string>; readonly browsers: Set<string> };

/**
 * Returns a throttled "this connection did something" recorder (one write per session and minute). It extends the
 * session the connection was opened with (`call.session`, see hubAuth.ts) – not the principal's other sessions: a
 * console left signed in on another computer must still end after its idle time while the lawyer works elsewhere
 * (found from outside, 2026-12-03). A connection without a known session extends the principal's live sessions, as
 * before. Touches that fall due in the same event-loop round are written together, one statement per session kind:
 * after a restart every connected principal falls due at once, and one commit (fsync) each would hold up the messages
 * behind them.
 *
 * A participant's connection is bound to the browser it comes from (hubAuth.ts › hubSessionOf): its activity extends that
 * browser's chat and web-origin sessions (`rc_web_session`) – the chat runs on the chat host alone, but the offboarding
 * after it – callback number, protocol mail, rating, usage confirmation – calls the web origin, and after a consultation
 * of more than 30 minutes that session had run out (found from outside, 2026-12-05). Not the sessions of the person's
 * other browsers: a computer left signed in must end after its idle time while the person chats on the phone (found
 * from outside, 2026-12-06). A participant's connection from before migration 0036 (no browser) extends the person's
 * sessions, as before.
 */
export function sessionActivity(ctx: PlatformContext): (call: Pick<HubCallContext, 'principal' | 'session'>) => void {
  const lastTouch = new Map<string, number>();
  const due: Record<'chat' | 'lawyer' | 'web', Due> = {
    chat: { sessions: new Set(), subjects: new Set(), browsers: new Set() },
    lawyer: { sessions: new Set(), subjects: new Set(), browsers: new Set() },
    web: { sessions: new Set(), subjects: new Set(), browsers: new Set() },
  };
  let scheduled = false;
  const failed = (error: unknown) => ctx.logger.warn({ err: error }, 'session touch failed');
  const write = () => {
    scheduled = false;
    for (const kind of ['chat', 'lawyer', 'web'] as const) {
      const { sessions, subjects, browsers } = due[kind];
      if (sessions.size > 0) ctx.sessions.touchSessions(kind, [...sessions]).catch(failed);
      if (subjects.size > 0) ctx.sessions.touchSubjects(kind, [...subjects]).catch(failed);
      if (browsers.size > 0) ctx.sessions.touchBrowsers(kind, [...browsers]).catch(failed);
      sessions.clear();
      subjects.clear();
      browsers.clear();
    }
  };
  return ({ principal, session }) => {
    const key = session === undefined ? `${principal.kind}:${principal.id}` : `session:${session}`;
    const now = ctx.clock.now().getTime();
    if (now - (lastTouch.get(key) ?? 0) < TOUCH_EVERY_MS) return;
    lastTouch.set(key, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    const kind = principal.kind === 'lawyer' ? 'lawyer' : 'chat';
    const browser = session === undefined ? undefined : browserOfSessionRef(session);
    if (browser !== undefined) {
      due.chat.browsers.add(browser);
      due.web.browsers.add(browser);
    } else if (session === undefined) {
      due[kind].subjects.add(principal.id);
      if (kind === 'chat') due.web.subjects.add(principal.id);
    } else due[kind].sessions.add(session);
    if (!scheduled) {
      scheduled = true;
      setImmediate(write);
    }
  };
}

/**
 * The hub asks for every principal with a connection once a minute, all in the same round – for a connection opened
 * with a known session, about that session (a console whose own session ended closes although the lawyer is still
 * signed in elsewhere). Those questions are answered together, one query per session kind, for subjects and for
 * sessions, and 500 each, instead of one query each (10,000 connections would queue 10,000 queries on the database
 * connection, and the messages behind them would wait).
 */
export function isPrincipalActive(ctx: PlatformContext): (principal: HubPrincipal, session?: string) => Promise<boolean> {
  type Waiting = { readonly key: string; resolve(active: boolean): void; reject(error: unknown): void };
  type Round = Record<'chat' | 'lawyer', { readonly subjects: Waiting[]; readonly sessions: Waiting[]; readonly browsers: Waiting[] }>;
  let asked: Round | null = null;
  const answer = async (waiting: Waiting[], live: (keys: string[]) => Promise<Set<string>>) => {
    if (waiting.length === 0) return;
    try {
      const found = await live([...new Set(waiting.map((w) => w.key))]);
      for (const w of waiting) w.resolve(found.has(w.key));
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  };
  return (principal, session) =>
    new Promise<boolean>((resolve, reject) => {
      if (asked === null) {
        const round: Round = { chat: { subjects: [], sessions: [], browsers: [] }, lawyer: { subjects: [], sessions: [], browsers: [] } };
        asked = round;
        setImmediate(() => {
          asked = null;
          for (const kind of ['chat', 'lawyer'] as const) {
            void answer(round[kind].subjects, (ids) => ctx.sessions.liveSubjects(kind, ids));
            void answer(round[kind].sessions, (refs) => ctx.sessions.liveSessions(kind, refs));
            void answer(round[kind].browsers, (keys) => ctx.sessions.liveBrowsers(kind, keys));
          }
        });
      }
      const waiting = asked[principal.kind === 'lawyer' ? 'lawyer' : 'chat'];
      const browser = session === undefined ? undefined : browserOfSessionRef(session);
      if (browser !== undefined) waiting.browsers.push({ key: browser, resolve, reject });
      else if (session === undefined) waiting.subjects.push({ key: principal.id, resolve, reject });
      else waiting.sessions.push({ key: session, resolve, reject });
    });
}
