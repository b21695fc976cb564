import type { Clock } from '../../src/platform/clock.js';

/** A clock that stands still until the test moves it (login throttles, token expiry): no timers, no scheduler. */
export class TestClock implements Clock {
  constructor(private time: number) {}
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time += ms;
  }
}
