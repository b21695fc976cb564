// Client presence across server processes: a participant counts as connected while some process refreshes its row in
// participant_presence. Each process keeps only a count of its own participant connections (from the hub's connect
// and disconnect hooks) and writes them all in one statement every PRESENCE_REFRESH_MS – nothing on the message path.
// When a participant's last connection on a process closes, the moment is written at once; a process killed with -9
// stops refreshing, so its clients look gone from their last refresh on (at most PRESENCE_REFRESH_MS early).
// Lawyers' consoles are counted the same way, in lawyer_presence (a second instance with recordLawyerPresence).
import type { Logger } from 'pino';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/storage/database.js';
import { recordPresence } from './lifecycleQueries.js';

/** Writes "seen at `at`" for these ids (participants: recordPresence; lawyers: recordLawyerPresence). */
export type RecordPresence = (db: Db, ids: readonly string[], at: string) => Promise<void>;

export interface Presence {
  /** A participant's (or, for lawyer presence, a lawyer's) hub connection opened on this process. */
  connected(participantId: string): Promise<void>;
  /** A participant's hub connection on this process closed. */
  disconnected(participantId: string): Promise<void>;
  /** Writes "seen now" for every participant connected to this process. */
  refresh(): Promise<void>;
  /** Participants with a connection on this process. */
  connectedHere(): readonly string[];
  /** Resolves when every presence write started so far has finished (before the database closes). */
  settled(): Promise<void>;
}

export function createPresence(db: Db, clock: Clock, logger: Logger, record: RecordPresence = recordPresence): Presence {
  const connections = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  const write = (ids: readonly string[]): Promise<void> => {
    if (ids.length === 0) return Promise.resolve();
    const done = record(db, ids, clock.now().toISOString()).catch((error: unknown) =>
      logger.error({ err: error, event: 'presence.write_failed' }, 'hub presence not written'),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
    return done;
  };
  return {
    connected(participantId) {
      connections.set(participantId, (connections.get(participantId) ?? 0) + 1);
      return write([participantId]);
    },
    disconnected(participantId) {
      const left = (connections.get(participantId) ?? 1) - 1;
      if (left > 0) {
        connections.set(participantId, left);
        return Promise.resolve();
      }
      connections.delete(participantId);
      // The last sighting: from now on the client's absence counts (unless another process still refreshes it).
      return write([participantId]);
    },
    refresh: () => write([...connections.keys()]),
    connectedHere: () => [...connections.keys()],
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
