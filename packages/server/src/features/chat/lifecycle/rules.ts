// The server-side chat lifecycle as pure functions of (facts, now): every rule and timing in one place.
// The sweeper (sweeper.ts) reads the facts from the database, asks `decide` and carries the decision out with a
// conditional update, so several server processes may sweep at the same time and a chat is closed at most once.
import { FORWARD_HOLD_MINUTES, INACTIVITY_AFTER_MS, LAWYER_AWAY_MINUTES, INACTIVITY_STAGE1_S, INACTIVITY_STAGE2_S } from '@rechtschat/core';

/** Each server process writes "seen now" for the participants connected to it this often. */
export const PRESENCE_REFRESH_MS = 30_000;
/**
 * A client whose last sighting is older than this has no hub connection anywhere: two and a half refresh
 * intervals, so one late or failed refresh does not make a connected client look gone.
 */
export const PRESENCE_STALE_MS = 75_000;
/** A waiting chat (no lawyer yet) whose client has had no connection this long leaves the queue as abandoned. */
export const ABANDON_AFTER_MS = 10 * 60_000;
/**
 * A chat forwarded to one colleague (or back to the forwarding lawyer) is offered to that lawyer alone this long; if
 * nobody took it by then it goes to every lawyer's queue, so a client never waits for one person who may not be there.
 */
export const FORWARD_HOLD_MS = FORWARD_HOLD_MINUTES * 60_000;
/**
 * An active chat whose lawyer has had no hub connection on any process this long – counted from the later of the
 * lawyer's last sighting, the chat's acceptance and the newest lawyer or system message in it, so neither a server
 * restart nor a short network blip releases anything – goes back to every lawyer's queue (lawyerAway.ts).
 */
export const LAWYER_AWAY_MS = LAWYER_AWAY_MINUTES * 60_000;
/** The client's inactivity stages, on the server: 180 s, then the first stage (60 s), then the second (30 s), then closed by timeout. */
export const INACTIVITY_TIMEOUT_MS = INACTIVITY_AFTER_MS + (INACTIVITY_STAGE1_S + INACTIVITY_STAGE2_S) * 1_000;
/** Every process looks for chats to close this often: a closure comes at most this late. */
export const SWEEP_INTERVAL_MS = 10_000;
/** Presence rows older than this are deleted (a missing row reads as "seen when the chat began", long gone either way). */
export const PRESENCE_KEEP_MS = 24 * 3_600_000;

/** What the server knows about one open chat. */
export interface ChatFacts {
  readonly state: 'waiting' | 'active';
  /** When this chat began (for a forwarded chat: when it was forwarded). */
  readonly createdAt: Date;
  /** When the client's hub connection was last seen open; null: never recorded (read as `createdAt`). */
  readonly clientLastSeenAt: Date | null;
  /** The chat's newest lawyer message that no participant message followed; null: none (or answered). */
  readonly unansweredLawyerMessageAt: Date | null;
}

export type Decision =
  /** Nothing to do now. */
  | { readonly kind: 'keep' }
  /** Waiting chat whose client left: close as 'abandoned', out of every lawyer's queue. */
  | { readonly kind: 'abandon' }
  /** Lawyer chat whose client left without answering: close by timeout as the client's own timer would. */
  | { readonly kind: 'timeout' };

/** Where the server's inactivity count stands for a lawyer chat (the client's dialog has the same stages). */
export type InactivityStage = 'none' | 'waitingForAnswer' | 'stage1' | 'stage2' | 'expired';

const ms = (d: Date) => d.getTime();

/** When the client was last connected, as far as the server can tell. */
export function lastSeen(facts: ChatFacts): Date {
  return facts.clientLastSeenAt ?? facts.createdAt;
}

/** The client has no hub connection on any process (no process refreshed its presence for PRESENCE_STALE_MS). */
export function clientGone(facts: ChatFacts, now: Date): boolean {
  return ms(now) - ms(lastSeen(facts)) >= PRESENCE_STALE_MS;
}

/**
 * When the client of a chat was last connected if it counts as gone at `now` (what ClientAway says, clientAway.ts),
 * else null. `lastSeenAt`: the client's last sighting; `createdAt`: the chat's start, read when there is none.
 */
export function clientAwaySince(lastSeenAt: string | null, createdAt: string, now: Date): string | null {
  const seen = new Date(lastSeenAt ?? createdAt);
  return ms(now) - ms(seen) >= PRESENCE_STALE_MS ? seen.toISOString() : null;
}

/**
 * When the server's inactivity count starts: the unanswered lawyer message, or the moment the client was last
 * connected if that came later – while the client's screen was open its own dialog was in charge (and the person may
 * have confirmed being there, which the server does not hear), so the server counts only the time since it left.
 */
export function inactivitySince(facts: ChatFacts): Date | null {
  if (facts.state !== 'active' || facts.unansweredLawyerMessageAt === null) return null;
  return new Date(Math.max(ms(facts.unansweredLawyerMessageAt), ms(lastSeen(facts))));
}

/** The stage the server's count is in at `now` (none while the client is connected or nothing is unanswered). */
export function inactivityStage(facts: ChatFacts, now: Date): InactivityStage {
  const since = inactivitySince(facts);
  if (since === null || !clientGone(facts, now)) return 'none';
  const elapsed = ms(now) - ms(since);
  if (elapsed < INACTIVITY_AFTER_MS) return 'waitingForAnswer';
  if (elapsed < INACTIVITY_AFTER_MS + INACTIVITY_STAGE1_S * 1_000) return 'stage1';
  if (elapsed < INACTIVITY_TIMEOUT_MS) return 'stage2';
  return 'expired';
}

/** What to do with an open chat at `now`. */
export function decide(facts: ChatFacts, now: Date): Decision {
  if (facts.state === 'waiting') {
    return ms(now) - ms(lastSeen(facts)) >= ABANDON_AFTER_MS ? { kind: 'abandon' } : { kind: 'keep' };
  }
  return inactivityStage(facts, now) === 'expired' ? { kind: 'timeout' } : { kind: 'keep' };
}
