// The browser's first Intl date formatter starts its ICU data: 20–50 ms on this machine, four times that
// on a slow phone, in one task that blocks input. A worker starts that data off the main
// thread (intlWarmUp.worker.ts); the page's formatters are made afterwards, cheaply.

/** What afterIntlWarmUp needs of the browser (fakes in tests). */
export interface WarmUpEnvironment {
  /** Starts the warm-up worker; throws where workers are unavailable. */
  readonly startWorker: () => Pick<Worker, 'addEventListener' | 'terminate'>;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
}

/** A worker that never answers must not keep the formatters from being prepared. */
export const WARM_UP_TIMEOUT_MS = 3000;

const browser: WarmUpEnvironment = {
  startWorker: () => new Worker(new URL('./intlWarmUp.worker.ts', import.meta.url), { type: 'module' }),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
};

/**
 * Makes `afterIntlWarmUp(prepare)`: it runs `prepare` (which makes the page's date formatters) in a task
 * of its own once a worker has started the ICU data, or in the next task where that is not possible: no
 * worker support, a failing worker, or no answer in time. The data stays loaded for the page, so later
 * calls do not start another worker.
 */
export function createIntlWarmUp(env: WarmUpEnvironment): (prepare: () => void) => void {
  let warmedUp: Promise<void> | null = null;
  const warmUp = () =>
    new Promise<void>((resolve) => {
      let worker: ReturnType<WarmUpEnvironment['startWorker']> | null = null;
      const finish = () => {
        worker?.terminate();
        resolve();
      };
      try {
        worker = env.startWorker();
        worker.addEventListener('message', finish);
        worker.addEventListener('error', finish);
        env.setTimeout(finish, WARM_UP_TIMEOUT_MS);
      } catch {
        finish();
      }
    });
  return (prepare) => {
    warmedUp ??= warmUp();
    void warmedUp.then(() => env.setTimeout(prepare, 0));
  };
}

export const afterIntlWarmUp = createIntlWarmUp(browser);
