import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk, STALE_CHUNK_RELOAD_INTERVAL_MS, type StaleChunkHost } from './reloadOnStaleChunk.js';

function fakeHost(storage: Map<string, string> = new Map()) {
  const target = new EventTarget();
  const reload = vi.fn();
  const host: StaleChunkHost = {
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    sessionStorage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    location: { reload },
  };
  const failChunk = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { host, reload, failChunk };
}

describe('reloadOnStaleChunk', () => {
  it('should reload the page when a chunk of an earlier release is gone, and swallow that error', () => {
    const { host, reload, failChunk } = fakeHost();
    reloadOnStaleChunk(host, () => 1_000_000);
    expect(failChunk()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('should not reload again within the interval, so a chunk that is really missing reaches the app as an error', () => {
    const storage = new Map<string, string>();
    let now = 1_000_000;
    const first = fakeHost(storage);
    reloadOnStaleChunk(first.host, () => now);
    first.failChunk();
    // The page after the reload: same tab storage, the chunk fails again at once.
    const second = fakeHost(storage);
    reloadOnStaleChunk(second.host, () => now);
    now += STALE_CHUNK_RELOAD_INTERVAL_MS - 1;
    expect(second.failChunk()).toBe(false);
    expect(second.reload).not.toHaveBeenCalled();
    now += 1;
    expect(second.failChunk()).toBe(true);
    expect(second.reload).toHaveBeenCalledTimes(1);
  });
});
