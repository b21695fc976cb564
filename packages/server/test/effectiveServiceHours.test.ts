// The effective office hours, pure and driven by the instant given: the weekly schedule, and closure days on which the
// chat is closed all day (Europe/Berlin calendar dates) – at Berlin midnight, on the days the clocks change, and with
// "always" hours – plus when the chat opens again and which closures clients are told about.
import { describe, expect, it } from 'vitest';
import { parseServiceHours, type ServiceHoursSchedule } from '../src/platform/serviceHours.js';
import { berlinDayOf, describeEffectiveHours, isOpenAt, nextOpening, type Closure, type EffectiveHours } from '../src/features/serviceHours/effectiveHours.js';

const weekdays = parseServiceHours('Mo-Fr 08:00-20:00') as ServiceHoursSchedule;
const lunchBreak = parseServiceHours('Mo-Fr 08:00-12:00; Mo-Fr 13:00-18:00') as ServiceHoursSchedule;
const always: ServiceHoursSchedule = { kind: 'always' };
const closure = (firstDay: string, lastDay: string, note: string): Closure => ({ id: `${firstDay}-${note}`, firstDay, lastDay, note });
const hours = (schedule: ServiceHoursSchedule, ...closures: Closure[]): EffectiveHours => ({ schedule, closures });
const at = (iso: string) => new Date(iso);

describe('effective service hours', () => {
  it('should take the Berlin calendar day of an instant, not the UTC one', () => {
    expect(berlinDayOf(at('2026-12-23T22:59:59.999Z'))).toBe('2026-12-23');
    expect(berlinDayOf(at('2026-12-23T23:00:00.000Z'))).toBe('2026-12-24');
    expect(berlinDayOf(at('2026-07-01T22:00:00.000Z'))).toBe('2026-07-02'); // summer time: midnight is 22:00 UTC
  });

  it.each([
    ['2026-12-23T22:59:59.999Z', true], // 23.12., 23:59:59 Berlin
    ['2026-12-23T23:00:00.000Z', false], // 24.12., 00:00 Berlin
    ['2026-12-24T12:00:00.000Z', false],
    ['2026-12-24T22:59:59.999Z', false], // 24.12., 23:59:59 Berlin
    ['2026-12-24T23:00:00.000Z', true], // 25.12., 00:00 Berlin
  ])('should close all day on a closure day even with "always" hours: %s open=%s', (iso, open) => {
    expect(isOpenAt(hours(always, closure('2026-12-24', '2026-12-24', 'Heiligabend')), at(iso))).toBe(open);
  });

  it.each([
    // 29.03.2026: the clocks go forward, the day has 23 hours (00:00 CET = 23:00 UTC the day before, 24:00 CEST = 22:00 UTC).
    ['2026-03-28T22:59:59.999Z', true],
    ['2026-03-28T23:00:00.000Z', false],
    ['2026-03-29T21:59:59.999Z', false],
    ['2026-03-29T22:00:00.000Z', true],
  ])('should begin and end a closure day at Berlin midnight on the day summer time starts: %s open=%s', (iso, open) => {
    expect(isOpenAt(hours(always, closure('2026-03-29', '2026-03-29', 'Wartung')), at(iso))).toBe(open);
  });

  it.each([
    // 25.10.2026: the clocks go back, the day has 25 hours (00:00 CEST = 22:00 UTC the day before, 24:00 CET = 23:00 UTC).
    ['2026-10-24T21:59:59.999Z', true],
    ['2026-10-24T22:00:00.000Z', false],
    ['2026-10-25T22:59:59.999Z', false],
    ['2026-10-25T23:00:00.000Z', true],
  ])('should begin and end a closure day at Berlin midnight on the day summer time ends: %s open=%s', (iso, open) => {
    expect(isOpenAt(hours(always, closure('2026-10-25', '2026-10-25', 'Wartung')), at(iso))).toBe(open);
  });

  it('should keep the weekly hours on the days around a closure', () => {
    const christmas = hours(weekdays, closure('2026-12-24', '2026-12-26', 'Weihnachten'));
    expect(isOpenAt(christmas, at('2026-12-23T18:59:00Z'))).toBe(true); // Wednesday 19:59
    expect(isOpenAt(christmas, at('2026-12-23T19:00:00Z'))).toBe(false); // Wednesday 20:00
    expect(isOpenAt(christmas, at('2026-12-24T09:00:00Z'))).toBe(false); // Thursday 10:00, closed
    expect(isOpenAt(christmas, at('2026-12-28T07:00:00Z'))).toBe(true); // Monday 08:00
  });

  it('should say when the chat opens again after a closure', () => {
    const christmas = hours(weekdays, closure('2026-12-24', '2026-12-26', 'Weihnachten'));
    // Thursday 24.12. 10:00: Friday and Saturday closed, Sunday has no hours – Monday 28.12. 08:00 CET.
    expect(nextOpening(christmas, at('2026-12-24T09:00:00Z'))?.toISOString()).toBe('2026-12-28T07:00:00.000Z');
    // "always": at the next Berlin midnight after the last closure day.
    expect(nextOpening(hours(always, closure('2026-12-24', '2026-12-24', 'Heiligabend')), at('2026-12-24T09:00:00Z'))?.toISOString()).toBe(
      '2026-12-24T23:00:00.000Z',
    );
    // Open now: now.
    expect(nextOpening(christmas, at('2026-12-23T10:00:00Z'))?.toISOString()).toBe('2026-12-23T10:00:00.000Z');
  });

  it('should find the afternoon period after a lunch break and the opening after a closure across the change to summer time', () => {
    expect(nextOpening(hours(lunchBreak), at('2026-11-23T11:30:00Z'))?.toISOString()).toBe('2026-11-23T12:00:00.000Z'); // Mo 12:30 → 13:00
    // Closed Friday 27.03.; Saturday and Sunday have no hours; Monday 30.03. 08:00 is summer time (06:00 UTC).
    expect(nextOpening(hours(weekdays, closure('2026-03-27', '2026-03-27', 'Betriebsausflug')), at('2026-03-27T10:00:00Z'))?.toISOString()).toBe(
      '2026-03-30T06:00:00.000Z',
    );
  });

  it('should not name an opening beyond the look-ahead', () => {
    expect(nextOpening(hours({ kind: 'weekly', entries: [] }), at('2026-12-24T09:00:00Z'))).toBeNull();
    expect(nextOpening(hours(weekdays, closure('2026-12-01', '2027-06-30', 'Umbau')), at('2026-12-24T09:00:00Z'))).toBeNull();
  });

  it('should describe today’s closure, the next ones within about 60 days and the next opening', () => {
    const closures = [
      closure('2026-12-24', '2026-12-24', 'Heiligabend'),
      closure('2026-12-31', '2026-12-31', 'Silvester'),
      closure('2027-02-23', '2027-02-26', 'Betriebsferien'), // 61 days after 24.12.: beyond the look-ahead
    ];
    const described = describeEffectiveHours(hours(weekdays, ...closures), at('2026-12-24T09:00:00Z'));
    expect(described).toMatchObject({
      IsOpen: false,
      TimeZone: 'Europe/Berlin',
      Closure: { FirstDay: '2026-12-24', LastDay: '2026-12-24', Note: 'Heiligabend' },
      UpcomingClosures: [{ FirstDay: '2026-12-31', LastDay: '2026-12-31', Note: 'Silvester' }],
      OpensAt: '2026-12-25T07:00:00.000Z',
    });
    expect(described.Hours).toHaveLength(5);
    const dayBefore = describeEffectiveHours(hours(weekdays, ...closures), at('2026-12-23T10:00:00Z'));
    expect(dayBefore).toMatchObject({ IsOpen: true, Closure: null, OpensAt: null });
    expect(dayBefore.UpcomingClosures?.map((c) => c.Note)).toEqual(['Heiligabend', 'Silvester']);
  });
});
