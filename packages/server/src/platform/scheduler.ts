/**
 * Repeating background work (sweeps, refreshes), injected like the clock so tests drive it on virtual time.
 * A task never overlaps itself: a tick that comes while the previous run is still busy is skipped.
 */
export interface Scheduler {
  /** Runs `task` every `intervalMs` until the returned function is called. */
  every(intervalMs: number, task: () => Promise<void>): () => void;
}

/** Real timers; unref'd, so a scheduled task never keeps a process alive. */
export const timerScheduler: Scheduler = {
  every(intervalMs, task) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void task().finally(() => {
        busy = false;
      });
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** Never runs anything: for programs and tests that drive the work themselves. */
export const inertScheduler: Scheduler = { every: () => () => undefined };
