// The event loop first. Besides the event loop a Node process runs helper threads: V8's platform workers (concurrent
// and parallel garbage collection, background compilation), Node's delayed-task and signal threads and, once used,
// libuv's thread pool. On Linux every thread has its own nice value; these start with the event loop's. Where the
// server has one core to itself (a container with one CPU, a pinned process), V8's concurrent marker then takes that
// core from the event loop for 50–90 ms every few seconds, and chat messages wait behind it: the p99 of the hub at
// everyday load (ADR 0014, docs/performance.md). At a lower priority the helpers use the time the event loop leaves
// idle; where there are idle cores, nothing changes.
import fs from 'node:fs';
import os from 'node:os';

/** The lowest priority: a nice-19 thread gets about 1.5 % of a core that the event loop (nice 0) also wants. */
export const HELPER_THREAD_NICENESS = 19;

export interface HelperThreadPriority {
  /** Threads whose nice value was set. */
  readonly lowered: number;
  /** Threads that could not be changed (gone meanwhile, or not permitted). */
  readonly failed: number;
}

/**
 * Gives every thread of this process except the main one (the event loop) the nice value `niceness`. Run once at
 * start-up, before the server opens its worker threads: threads started later keep the normal priority. Does
 * nothing where there is no per-thread directory (`/proc/self/task`: not Linux).
 */
export function lowerHelperThreadPriority(niceness = HELPER_THREAD_NICENESS, taskDir = '/proc/self/task'): HelperThreadPriority {
  let threads: string[];
  try {
    threads = fs.readdirSync(taskDir);
  } catch {
    return { lowered: 0, failed: 0 };
  }
  let lowered = 0;
  let failed = 0;
  for (const name of threads) {
    const tid = Number(name);
    if (!Number.isInteger(tid) || tid === process.pid) continue;
    try {
      // On Linux setpriority(2) with a thread id changes that one thread.
      os.setPriority(tid, niceness);
      lowered += 1;
    } catch {
      failed += 1;
    }
  }
  return { lowered, failed };
}
