import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  berlinInstant,
  berlinMidnight,
  berlinOffsetMs,
  berlinWallClock,
  germanCalendarDay,
  germanDateAt,
  germanDateTimeAt,
  germanLongDateTimeAt,
  germanWeekdayDateTimeAt,
} from './berlinTime.js';

// The reference: ICU's Europe/Berlin, which the pure rule replaces.
const icu = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function icuWallClock(epochMs: number) {
  const parts = icu.formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
    weekday: WEEKDAYS.indexOf(part('weekday')) + 1,
  };
}

const FROM_1981 = Date.UTC(1981, 0, 1);
const TO_2100 = Date.UTC(2100, 0, 1);

describe('berlinWallClock', () => {
  it('should agree with ICU at any instant from 1981 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_1981, max: TO_2100 }), (ms) => {
        expect(berlinWallClock(ms)).toEqual(icuWallClock(ms));
      }),
      { numRuns: 2000 },
    );
  });

  it('should change the offset on the same days and at the same instants as ICU, from 1981 to 2100', () => {
    const icuOffset = (ms: number) => {
      const t = icuWallClock(ms);
      return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(ms / 1000) * 1000;
    };
    const mismatches: string[] = [];
    for (let day = FROM_1981; day < TO_2100; day += 86_400_000) {
      const weekday = new Date(day).getUTCDay();
      // Every day at noon; on Sundays also either side of 01:00 UTC, where the changes happen.
      const instants = weekday === 0 ? [day + 43_200_000, day + 3_600_000 - 1, day + 3_600_000] : [day + 43_200_000];
      for (const ms of instants) if (berlinOffsetMs(ms) !== icuOffset(ms)) mismatches.push(new Date(ms).toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it('should switch to summer time at 01:00 UTC on the last Sunday of March and back on the last Sunday of October', () => {
    expect(berlinWallClock(Date.UTC(2026, 2, 29, 0, 59, 59))).toMatchObject({ day: 29, hour: 1, minute: 59 });
    expect(berlinWallClock(Date.UTC(2026, 2, 29, 1, 0, 0))).toMatchObject({ day: 29, hour: 3, minute: 0 });
    expect(berlinWallClock(Date.UTC(2026, 9, 25, 0, 59, 59))).toMatchObject({ day: 25, hour: 2, minute: 59 });
    expect(berlinWallClock(Date.UTC(2026, 9, 25, 1, 0, 0))).toMatchObject({ day: 25, hour: 2, minute: 0 });
  });

  it('should number the weekdays from Monday (1) to Sunday (7)', () => {
    expect(berlinWallClock(Date.UTC(2026, 10, 30, 12)).weekday).toBe(1);
    expect(berlinWallClock(Date.UTC(2026, 10, 29, 12)).weekday).toBe(7);
  });
});

describe('berlinMidnight', () => {
  it('should be the instant at which a Berlin day begins', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_1981, max: TO_2100 }), (ms) => {
        const { year, month, day } = icuWallClock(ms);
        const midnight = berlinMidnight(year, month, day);
        expect(icuWallClock(midnight)).toMatchObject({ year, month, day, hour: 0, minute: 0, second: 0 });
        expect(icuWallClock(midnight - 1).day).not.toBe(day);
      }),
      { numRuns: 1000 },
    );
  });

  it('should find midnight on the days the clocks change', () => {
    expect(berlinMidnight(2026, 3, 29)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(berlinMidnight(2026, 3, 30)).toBe(Date.UTC(2026, 2, 29, 22));
    expect(berlinMidnight(2026, 10, 25)).toBe(Date.UTC(2026, 9, 24, 22));
    expect(berlinMidnight(2026, 10, 26)).toBe(Date.UTC(2026, 9, 25, 23));
  });
});

describe('berlinInstant', () => {
  it('should be the instant a Berlin wall-clock time names', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_1981, max: TO_2100 }), fc.integer({ min: 4, max: 23 }), fc.integer({ min: 0, max: 59 }), (ms, hour, minute) => {
        const { year, month, day } = icuWallClock(ms);
        expect(icuWallClock(berlinInstant(year, month, day, hour, minute))).toMatchObject({ year, month, day, hour, minute });
      }),
      { numRuns: 500 },
    );
  });

  it('should count hours on the days the clocks change and take 24:00 as the next midnight', () => {
    expect(berlinInstant(2026, 3, 29, 8, 0)).toBe(Date.UTC(2026, 2, 29, 6)); // summer time from 02:00
    expect(berlinInstant(2026, 10, 25, 8, 0)).toBe(Date.UTC(2026, 9, 25, 7)); // winter time from 03:00
    expect(berlinInstant(2026, 3, 29, 2, 30)).toBe(Date.UTC(2026, 2, 29, 1, 30)); // the skipped hour: 03:30 summer time
    expect(berlinInstant(2026, 12, 24, 24, 0)).toBe(berlinMidnight(2026, 12, 25));
  });
});

describe('German date formats', () => {
  const dateTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
  const dateOnly = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
  const long = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'long', timeStyle: 'short' });
  const weekday = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const calendarDay = new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

  it('should write dates as de-DE does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: TO_2100 }), (ms) => {
        expect(germanDateAt(ms)).toBe(dateOnly.format(ms));
        expect(germanDateTimeAt(ms)).toBe(dateTime.format(ms));
        expect(germanLongDateTimeAt(ms)).toBe(long.format(ms));
        expect(germanWeekdayDateTimeAt(ms)).toBe(weekday.format(ms));
        const day = new Date(ms).toISOString().slice(0, 10);
        expect(germanCalendarDay(day)).toBe(calendarDay.format(new Date(`${day}T00:00:00Z`)));
      }),
      { numRuns: 1000 },
    );
  });

  it('should write the examples of its documentation', () => {
    expect(germanDateTimeAt(Date.parse('2026-11-22T00:20:00Z'))).toBe('22.11.2026, 01:20');
    expect(germanLongDateTimeAt(Date.parse('2026-03-01T05:03:00Z'))).toBe('1. März 2026 um 06:03');
    expect(germanWeekdayDateTimeAt(Date.parse('2027-01-04T07:00:00Z'))).toBe('Montag, 04.01.2027, 08:00');
    expect(germanCalendarDay('2026-12-24')).toBe('24.12.2026');
  });
});
