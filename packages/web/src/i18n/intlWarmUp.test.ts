import { describe, expect, it } from 'vitest';
import { createIntlWarmUp, WARM_UP_TIMEOUT_MS, type WarmUpEnvironment } from './intlWarmUp.js';

/** A fake worker and timer queue the test drives by hand. */
function fakeBrowser(options: { workerFails?: boolean } = {}) {
  const listeners = new Map<string, () => void>();
  const timers: { run: () => void; ms: number }[] = [];
  let started = 0;
  let terminated = 0;
  const env: WarmUpEnvironment = {
    startWorker: () => {
      if (options.workerFails) throw new Error('Worker is not defined');
      started += 1;
      return {
        addEventListener: (type: string, listener: () => void) => void listeners.set(type, listener),
        terminate: () => void (terminated += 1),
      } as unknown as ReturnType<WarmUpEnvironment['startWorker']>;
    },
    setTimeout: (run, ms) => void timers.push({ run, ms }),
  };
  const runTimers = (ms: number) => {
    for (const timer of timers.filter((t) => t.ms === ms)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { env, listeners, runTimers, started: () => started, terminated: () => terminated };
}

/** Lets the promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Intl warm-up in a worker', () => {
  it('should prepare the formatters in a task of their own once the worker has started the ICU data, and end the worker', async () => {
    const browser = fakeBrowser();
    let prepared = 0;
    createIntlWarmUp(browser.env)(() => (prepared += 1));
    await settle();
    browser.runTimers(0);
    expect(prepared).toBe(0);
    browser.listeners.get('message')?.();
    await settle();
    expect(prepared).toBe(0);
    browser.runTimers(0);
    expect(prepared).toBe(1);
    expect(browser.terminated()).toBe(1);
  });

  it('should prepare the formatters when the worker does not answer in time, and once only if it answers later', async () => {
    const browser = fakeBrowser();
    let prepared = 0;
    createIntlWarmUp(browser.env)(() => (prepared += 1));
    browser.runTimers(WARM_UP_TIMEOUT_MS);
    browser.listeners.get('message')?.();
    await settle();
    browser.runTimers(0);
    expect(prepared).toBe(1);
  });

  it('should start one worker per page, however often the formatters are prepared', async () => {
    const browser = fakeBrowser();
    const afterWarmUp = createIntlWarmUp(browser.env);
    let prepared = 0;
    afterWarmUp(() => (prepared += 1));
    browser.listeners.get('message')?.();
    afterWarmUp(() => (prepared += 1));
    await settle();
    browser.runTimers(0);
    expect(prepared).toBe(2);
    expect(browser.started()).toBe(1);
  });

  it('should prepare them on the main thread when the worker fails or cannot be started', async () => {
    const failing = fakeBrowser();
    let prepared = 0;
    createIntlWarmUp(failing.env)(() => (prepared += 1));
    failing.listeners.get('error')?.();
    await settle();
    failing.runTimers(0);
    expect(prepared).toBe(1);

    const unsupported = fakeBrowser({ workerFails: true });
    createIntlWarmUp(unsupported.env)(() => (prepared += 1));
    await settle();
    unsupported.runTimers(0);
    expect(prepared).toBe(2);
  });
});
