import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint.js';

/** A hand-driven browser: frames, timers and visibility change only when the test says so. */
function fakeBrowser(hidden = false) {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const hiddenListeners: (() => void)[] = [];
  return {
    env: {
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
      isHidden: () => hidden,
      onHidden: (callback: () => void) => hiddenListeners.push(callback),
    },
    runFrame: () => frames.splice(0).forEach((frame) => frame()),
    runTimers: () => timers.splice(0).forEach((timer) => timer()),
    hide: () => hiddenListeners.forEach((listener) => listener()),
  };
}

describe('afterFirstPaint', () => {
  it('should not start the app before the browser has produced a frame', () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    afterFirstPaint(start, browser.env);
    browser.runTimers();
    expect(start).not.toHaveBeenCalled();
  });

  it('should start the app in the task after the next animation frame, once', () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    afterFirstPaint(start, browser.env);
    browser.runFrame();
    expect(start).not.toHaveBeenCalled();
    browser.runTimers();
    expect(start).toHaveBeenCalledTimes(1);
    browser.hide();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('should start the app at once in a tab opened in the background, which paints nothing', () => {
    const browser = fakeBrowser(true);
    const start = vi.fn();
    afterFirstPaint(start, browser.env);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('should start the app when the tab is hidden before its first frame', () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    afterFirstPaint(start, browser.env);
    browser.hide();
    expect(start).toHaveBeenCalledTimes(1);
    browser.runFrame();
    browser.runTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
