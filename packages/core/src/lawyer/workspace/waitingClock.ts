// When the queue's „wartet seit n Minuten“ shows the next minute: the instant the first of its entries completes one.
import type { QueueEntry } from '../../wire/index.js';

const MINUTE_MS = 60_000;

/**
 * The next instant (ms) at which a waiting time in whole minutes – `floor((now − WaitingSince) / 1 min)` – changes for
 * any entry of `queue`; null for an empty queue. Pure. An entry whose start lies ahead of `nowMs` (clocks apart) counts
 * from its start.
 */
export function nextWaitingMinuteAt(queue: readonly QueueEntry[], nowMs: number): number | null {
  let next: number | null = null;
  for (const entry of queue) {
    const since = Date.parse(entry.WaitingSince);
    if (Number.isNaN(since)) continue;
    const minutes = Math.max(0, Math.floor((nowMs - since) / MINUTE_MS));
    const at = since + (minutes + 1) * MINUTE_MS;
    if (next === null || at < next) next = at;
  }
  return next;
}
