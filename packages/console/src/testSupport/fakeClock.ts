// The console on fake timers (its scheduler is RxJS's asyncScheduler): every test starts at the same instant, and
// the document, session storage and timers are reset after it.
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Registers the fake clock for the calling test file; returns `advance(ms)`, which lets `ms` pass inside act. */
export function consoleOnFakeClock(start = '2026-11-23T09:00:00Z'): (ms: number) => Promise<void> {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(start));
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.useRealTimers();
  });
  return (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}
