// The browser's tabs of one origin share one server session (a cookie), but each tab counts the idle time on its own.
// So the tabs tell each other what the session's watcher must know: a call the server counted as activity (its start,
// wall-clock time), and a sign-out – the shared session is then gone in every tab. The browser carries the messages
// (adapters: BroadcastChannel, or the `storage` event where that is missing); this is the port and its wire shape.
import { EMPTY, type Observable } from 'rxjs';

/** Why a tab signed out: „Abmelden“, the idle countdown ran out, or the 12-hour limit after the login was reached. */
export type SessionEndReason = 'logout' | 'idle' | 'absolute';

export type SessionTabMessage =
  /** A call of the lawyer's that the server counted, started at `at` (Date.now() – every tab's scheduler runs on it). */
  | { readonly type: 'activity'; readonly at: number }
  /** This tab signed out (it alone asks the server); the others leave to the login with the same reason. */
  | { readonly type: 'signedOut'; readonly reason: SessionEndReason };

/** The other tabs of the same origin: what they said (never this tab's own messages), and a message to all of them. */
export interface SessionTabChannel {
  readonly messages$: Observable<SessionTabMessage>;
  post(message: SessionTabMessage): void;
}

/** A tab without others (tests, a browser without any channel): hears nothing, tells no one. */
export const aloneInBrowser: SessionTabChannel = { messages$: EMPTY, post: () => undefined };

const REASONS: readonly string[] = ['logout', 'idle', 'absolute'] satisfies readonly SessionEndReason[];

/** A message from another tab as it arrived (structured clone or JSON), or null when it is none of ours. Pure. */
export function parseSessionTabMessage(data: unknown): SessionTabMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, at, reason } = data as { type?: unknown; at?: unknown; reason?: unknown };
  if (type === 'activity' && typeof at === 'number' && Number.isFinite(at)) return { type, at };
  if (type === 'signedOut' && typeof reason === 'string' && REASONS.includes(reason)) return { type, reason: reason as SessionEndReason };
  return null;
}
