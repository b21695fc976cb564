// Virtual time for the app: one object is both its clock and its scheduler. `advance` moves the clock step by step
// through every due tick of the scheduled tasks and awaits each run, so a test covers ten minutes without sleeping.
import type { Clock } from '../../src/platform/clock.js';
import type { Scheduler } from '../../src/platform/scheduler.js';

interface Task {
  readonly intervalMs: number;
  readonly run: () => Promise<void>;
  next: number;
  stopped: boolean;
}

export interface VirtualTime extends Clock, Scheduler {
  /** Moves the clock forward by `ms`, running every task that falls due on the way, in time order. */
  advance(ms: number): Promise<void>;
  /** Moves the clock without running anything (a process that sweeps nothing meanwhile). */
  jump(ms: number): void;
}

export function virtualTime(start: Date | string): VirtualTime {
  let now = new Date(start).getTime();
  const tasks: Task[] = [];
  return {
    now: () => new Date(now),
    every(intervalMs, run) {
      const task: Task = { intervalMs, run, next: now + intervalMs, stopped: false };
      tasks.push(task);
      return () => {
        task.stopped = true;
      };
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = tasks.filter((t) => !t.stopped && t.next <= end).sort((a, b) => a.next - b.next)[0];
        if (due === undefined) break;
        now = Math.max(now, due.next);
        due.next += due.intervalMs;
        await due.run();
      }
      now = end;
    },
    jump(ms) {
      now += ms;
      for (const task of tasks) while (task.next <= now) task.next += task.intervalMs;
    },
  };
}
