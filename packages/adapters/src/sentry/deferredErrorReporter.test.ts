import { describe, expect, it, vi } from 'vitest';
import { DeferredErrorReporter } from './deferredErrorReporter.js';

describe('DeferredErrorReporter', () => {
  it('should log every report and forward earlier ones once the sink attaches', () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const reporter = new DeferredErrorReporter(logger);
    const early = new Error('früh');
    reporter.captureException(early, { area: 'chat' });
    const sink = vi.fn();
    reporter.attach(sink);
    const late = new Error('spät');
    reporter.captureException(late);
    expect(sink.mock.calls).toEqual([
      [early, { area: 'chat' }],
      [late, undefined],
    ]);
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('should keep only a bounded number of reports before the sink attaches', () => {
    const reporter = new DeferredErrorReporter({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }, 2);
    [1, 2, 3].forEach((n) => reporter.captureException(new Error(String(n))));
    const sink = vi.fn();
    reporter.attach(sink);
    expect(sink).toHaveBeenCalledTimes(2);
  });
});
