// The signal handler's order (drain, then close, then exit) on fake timers, and the shutdown's wait for pending message
// commits. The real process is covered end to end in shutdownDrain.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainThenExit } from '../src/platform/shutdown.js';
import { trackPendingAppends } from '../src/features/chat/index.js';
import type { MessageRow, NewMessage } from '../src/features/chat/messageTypes.js';

const quiet = { info: () => undefined, error: () => undefined };

function recordingApp() {
  const steps: string[] = [];
  let finishClose: () => void = () => undefined;
  return {
    steps,
    finishClose: () => finishClose(),
    app: {
      startDraining: () => void steps.push('drain'),
      close: () => {
        steps.push('close');
        return new Promise<void>((resolve) => (finishClose = resolve));
      },
    },
  };
}

describe('drainThenExit', () => {
  afterEach(() => vi.useRealTimers());

  it('should start draining on the first signal, close after the drain time and exit 0 once closed', async () => {
    vi.useFakeTimers();
    const { app, steps, finishClose } = recordingApp();
    const exits: number[] = [];
    const stop = drainThenExit(app, { drainMs: 5000, logger: quiet, exit: (code) => void exits.push(code) });
    stop('SIGTERM');
    expect(steps).toEqual(['drain']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(steps).toEqual(['drain']);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps).toEqual(['drain', 'close']);
    expect(exits).toEqual([]);
    finishClose();
    await vi.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([0]);
  });

  it('should cut the drain short on a second signal, close only once, and ignore further signals', async () => {
    vi.useFakeTimers();
    const { app, steps, finishClose } = recordingApp();
    const exits: number[] = [];
    const stop = drainThenExit(app, { drainMs: 600_000, logger: quiet, exit: (code) => void exits.push(code) });
    stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(1000);
    stop('SIGINT');
    expect(steps).toEqual(['drain', 'close']);
    stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(5000);
    expect(steps).toEqual(['drain', 'close']);
    finishClose();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(exits).toEqual([0]);
  });

  it('should exit 1 when the shutdown hangs past its limit', async () => {
    vi.useFakeTimers();
    const { app } = recordingApp();
    const exits: number[] = [];
    const stop = drainThenExit(app, { drainMs: 0, logger: quiet, exit: (code) => void exits.push(code), forceExitAfterMs: 10_000 });
    stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
  });
});

describe('trackPendingAppends', () => {
  it('should settle only after every append taken so far is answered, committed or failed', async () => {
    const answers: { resolve: (row: [MessageRow, boolean]) => void; reject: (error: unknown) => void }[] = [];
    const writer = trackPendingAppends({
      append: () => new Promise<[MessageRow, boolean]>((resolve, reject) => void answers.push({ resolve, reject })),
    });
    await writer.settled();
    const first = writer.append({} as NewMessage);
    const second = writer.append({} as NewMessage).catch(() => 'failed');
    let settled = false;
    void writer.settled().then(() => void (settled = true));
    answers[0]?.resolve([{} as MessageRow, true]);
    await first;
    await Promise.resolve();
    expect(settled).toBe(false);
    answers[1]?.reject(new Error('disk full'));
    expect(await second).toBe('failed');
    await vi.waitFor(() => expect(settled).toBe(true));
  });
});
