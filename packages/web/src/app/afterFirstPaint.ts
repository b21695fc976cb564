/** What afterFirstPaint needs of the browser (window and document in the app, fakes in tests). */
export interface PaintEnvironment {
  readonly requestAnimationFrame: (callback: () => void) => unknown;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly isHidden: () => boolean;
  readonly onHidden: (callback: () => void) => void;
}

const browser: PaintEnvironment = {
  requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  isHidden: () => document.visibilityState === 'hidden',
  onHidden: (callback) =>
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') callback();
    }),
};

/**
 * Runs `start` once the browser has painted the current page (the static frame of index.html), so a
 * phone shows it before parsing and running the app's JavaScript. An animation frame comes
 * right before a paint, the timeout after it. A hidden tab paints nothing and gets no animation
 * frames: there the app starts at once.
 */
export function afterFirstPaint(start: () => void, env: PaintEnvironment = browser): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (env.isHidden()) {
    once();
    return;
  }
  env.requestAnimationFrame(() => env.setTimeout(once, 0));
  env.onHidden(once);
}
