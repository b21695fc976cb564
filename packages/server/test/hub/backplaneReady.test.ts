import { describe, expect, it, vi } from 'vitest';
import { awaitBackplaneReady } from '../../src/hub/backplaneReady.js';
import type { Backplane } from '../../src/hub/index.js';

function backplaneWith(ready: Backplane['ready']): Backplane {
  return { publish: async () => undefined, subscribe: async () => undefined, close: async () => undefined, ...(ready ? { ready } : {}) };
}

describe('waiting for the backplane before taking connections', () => {
  it('should go on at once without a backplane or with one that has no readiness', async () => {
    await expect(awaitBackplaneReady(undefined, 1000)).resolves.toBe(true);
    await expect(awaitBackplaneReady(backplaneWith(undefined), 1000)).resolves.toBe(true);
  });

  it('should resolve true as soon as the backplane is up', async () => {
    await expect(
      awaitBackplaneReady(
        backplaneWith(async () => undefined),
        1000,
      ),
    ).resolves.toBe(true);
  });

  it('should start anyway and warn when Redis does not come up in time', async () => {
    vi.useFakeTimers();
    try {
      const warn = vi.fn();
      const waiting = awaitBackplaneReady(
        backplaneWith(() => new Promise(() => undefined)),
        5000,
        { info: vi.fn(), warn, error: vi.fn() },
      );
      await vi.advanceTimersByTimeAsync(5000);
      await expect(waiting).resolves.toBe(false);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'backplane.not_ready' }), expect.any(String));
    } finally {
      vi.useRealTimers();
    }
  });
});
