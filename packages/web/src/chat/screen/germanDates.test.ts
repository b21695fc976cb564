import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './germanDates.js';

describe('formatMessageTime', () => {
  const now = Date.parse('2026-11-24T15:00:00Z');

  it("should show only the clock time for today's messages and date and time for other days, in Berlin time", () => {
    expect(formatMessageTime('2026-11-24T13:05:00Z', now)).toBe('14:05');
    expect(formatMessageTime('2026-11-23T13:05:00Z', now)).toBe('23.11.2026, 14:05');
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    expect(formatMessageTime('2026-11-23T23:30:00Z', now)).toBe('00:30');
  });

  it('should leave text that is no date as it is', () => {
    expect(formatMessageTime('gestern', now)).toBe('gestern');
  });
});
