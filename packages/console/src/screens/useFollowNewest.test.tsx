// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFollowNewest } from './useFollowNewest.js';

afterEach(cleanup);

/** jsdom lays nothing out: the log's geometry is set by hand, as a browser would report it. */
interface Geometry {
  scrollHeight: number;
  clientHeight: number;
}

function Log({ lastId, own, geometry }: { lastId: string; own: boolean; geometry: Geometry }) {
  const ref = useFollowNewest<HTMLDivElement>(lastId, own);
  return (
    <div
      data-testid="log"
      ref={(element) => {
        ref.current = element;
        if (!element) return;
        Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => geometry.scrollHeight });
        Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => geometry.clientHeight });
      }}
    />
  );
}

function setUp() {
  const geometry: Geometry = { scrollHeight: 1000, clientHeight: 400 };
  const view = render(<Log lastId="m1" own={false} geometry={geometry} />);
  const log = view.getByTestId('log');
  const arrive = (lastId: string, own = false, grownBy = 100) => {
    geometry.scrollHeight += grownBy;
    view.rerender(<Log lastId={lastId} own={own} geometry={geometry} />);
  };
  return { log, geometry, arrive };
}

describe('useFollowNewest', () => {
  it('shows the end of the log when it first appears', () => {
    const { log } = setUp();
    expect(log.scrollTop).toBe(1000);
  });

  it('follows a new message while the lawyer reads the end', () => {
    const { log, arrive } = setUp();
    arrive('m2');
    expect(log.scrollTop).toBe(1100);
  });

  it('counts a position near the end as reading the end', () => {
    const { log, arrive } = setUp();
    log.scrollTop = 1000 - 400 - 40;
    arrive('m2');
    expect(log.scrollTop).toBe(1100);
  });

  it('leaves the position alone when the lawyer scrolled up, even before any scroll event fired', () => {
    const { log, arrive } = setUp();
    // Set without dispatching `scroll`: the browser fires it on its next frame, the message may come first.
    log.scrollTop = 0;
    arrive('m2');
    expect(log.scrollTop).toBe(0);
    arrive('m3');
    expect(log.scrollTop).toBe(0);
  });

  it("brings the end back with the lawyer's own message", () => {
    const { log, arrive } = setUp();
    log.scrollTop = 0;
    arrive('m2');
    arrive('m3', true);
    expect(log.scrollTop).toBe(1200);
  });

  it('follows again once the lawyer has scrolled back to the end', () => {
    const { log, arrive } = setUp();
    log.scrollTop = 0;
    arrive('m2');
    log.scrollTop = 1100 - 400;
    arrive('m3');
    expect(log.scrollTop).toBe(1200);
  });
});
