import { describe, expect, it } from 'vitest';
import { waiting } from '../lawyerFakes.testSupport.js';
import { nextWaitingMinuteAt } from './waitingClock.js';

const at = (iso: string) => Date.parse(iso);

describe('nextWaitingMinuteAt', () => {
  it('should name the instant the earliest entry completes its next whole minute', () => {
    const queue = [waiting(1, { WaitingSince: '2026-11-22T09:00:00.000Z' }), waiting(2, { WaitingSince: '2026-11-22T09:00:40.000Z' })];
    expect(nextWaitingMinuteAt(queue, at('2026-11-22T09:02:24.000Z'))).toBe(at('2026-11-22T09:02:40.000Z'));
    expect(nextWaitingMinuteAt(queue, at('2026-11-22T09:02:40.000Z'))).toBe(at('2026-11-22T09:03:00.000Z'));
  });

  it('should count an entry that starts ahead of the clock from its start, and give nothing for an empty queue', () => {
    expect(nextWaitingMinuteAt([waiting(1, { WaitingSince: '2026-11-22T09:00:05.000Z' })], at('2026-11-22T09:00:00.000Z'))).toBe(
      at('2026-11-22T09:01:05.000Z'),
    );
    expect(nextWaitingMinuteAt([], 0)).toBeNull();
  });
});
