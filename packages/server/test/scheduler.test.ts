// The real scheduler behind the chat lifecycle's background work: runs on its interval, never overlaps a run that is
// still busy, and stops when asked. Driven by vitest's fake timers, no sleeping.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timerScheduler } from '../src/platform/scheduler.js';

describe('timerScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should run the task once per interval until stopped', async () => {
    let runs = 0;
    const stop = timerScheduler.every(10_000, async () => {
      runs++;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toBe(4);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(4);
  });

  it('should skip ticks while the previous run is still busy', async () => {
    let started = 0;
    let finish: () => void = () => undefined;
    const stop = timerScheduler.every(1_000, () => {
      started++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    stop();
  });
});
