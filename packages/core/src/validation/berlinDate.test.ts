import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { berlinDateOf, germanMediumDate, isIsoCalendarDate } from './berlinDate.js';

describe('berlinDateOf', () => {
  it('should already be the next day in Berlin shortly before midnight UTC', () => {
    // 2026-11-22T23:30Z is 00:30 CET on the 23rd.
    expect(berlinDateOf(Date.UTC(2026, 10, 22, 23, 30))).toBe('2026-11-23');
  });

  it('should respect summer time (UTC+2)', () => {
    expect(berlinDateOf(Date.UTC(2026, 6, 1, 21, 59))).toBe('2026-07-01');
    expect(berlinDateOf(Date.UTC(2026, 6, 1, 22, 0))).toBe('2026-07-02');
  });

  it('should always produce a valid calendar date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4102444800000 }), (ms) => {
        expect(isIsoCalendarDate(berlinDateOf(ms))).toBe(true);
      }),
    );
  });
});

describe('isIsoCalendarDate', () => {
  it('should know month lengths and leap years', () => {
    expect(isIsoCalendarDate('2028-02-29')).toBe(true);
    expect(isIsoCalendarDate('2026-02-29')).toBe(false);
    expect(isIsoCalendarDate('2000-02-29')).toBe(true);
    expect(isIsoCalendarDate('2100-02-29')).toBe(false);
    expect(isIsoCalendarDate('2026-04-31')).toBe(false);
    expect(isIsoCalendarDate('2026-13-01')).toBe(false);
    expect(isIsoCalendarDate('2026-00-10')).toBe(false);
    expect(isIsoCalendarDate('2026-01-00')).toBe(false);
    expect(isIsoCalendarDate('24.11.2026')).toBe(false);
  });
});

describe('germanMediumDate', () => {
  it('should format as DD.MM.YYYY like de-DE medium dates', () => {
    expect(germanMediumDate('2026-11-24')).toBe('24.11.2026');
  });
});
