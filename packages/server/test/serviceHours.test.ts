import { describe, expect, it } from 'vitest';
import { describeServiceHours, isWithinServiceHours, parseServiceHours, serviceHoursProblem } from '../src/platform/serviceHours.js';
import { loadConfig } from '../src/platform/config.js';
import { TEST_SESSION_SECRET } from './support/secrets.js';

const weekdays = parseServiceHours('Mo-Fr 08:00-20:00; Sa 09:00-13:00');

describe('service hours in Europe/Berlin', () => {
  it('should parse day ranges and several clauses', () => {
    expect(weekdays).toEqual({
      kind: 'weekly',
      entries: [...[1, 2, 3, 4, 5].map((d) => ({ Weekday: d, From: '08:00', To: '20:00' })), { Weekday: 6, From: '09:00', To: '13:00' }],
    });
    expect(parseServiceHours('always')).toEqual({ kind: 'always' });
    expect(parseServiceHours('Mo,Mi 10:00-12:00')).toMatchObject({ entries: [{ Weekday: 1 }, { Weekday: 3 }] });
  });

  it.each(['', 'Mo-Fr', 'Xy 08:00-10:00', 'Fr-Mo 08:00-10:00', 'Mo 25:00-26:00', 'Mo 10:00-09:00'])('should reject %j', (raw) => {
    expect(parseServiceHours(raw)).toBeNull();
  });

  it.each([
    ['2026-11-23T06:59:00Z', false], // Monday 07:59 CET
    ['2026-11-23T07:00:00Z', true], // Monday 08:00 CET
    ['2026-11-23T18:59:00Z', true], // Monday 19:59 CET
    ['2026-11-23T19:00:00Z', false], // Monday 20:00 CET
    ['2026-07-06T06:00:00Z', true], // Monday 08:00 CEST (summer time)
    ['2026-07-06T05:59:00Z', false],
    ['2026-11-28T08:30:00Z', true], // Saturday 09:30
    ['2026-11-29T10:00:00Z', false], // Sunday
    ['2026-03-30T06:00:00Z', true], // the Monday after the switch to summer time, 08:00 local
  ])('should treat %s as open=%s', (iso, open) => {
    expect(isWithinServiceHours(weekdays!, new Date(iso))).toBe(open);
  });

  it('should name the clause that is wrong and why, so an operator can fix SERVICE_HOURS', () => {
    expect(serviceHoursProblem('Mo-Fr 08:00-20:00; Sa 9:00-13:00')).toContain('„9:00“: Uhrzeit als HH:MM');
    expect(serviceHoursProblem('Mo-Fre 08:00-20:00')).toContain('„Mo-Fre“: Wochentage');
    expect(serviceHoursProblem('Mo-Fr 20:00-08:00')).toContain('„20:00-08:00“: Beginn vor Ende');
    expect(serviceHoursProblem('Mo-Fr')).toContain('„Mo-Fr“: erwartet Tage und Zeitraum');
    expect(serviceHoursProblem('Mo-Fr 08:00-20:00')).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SESSION_SECRET, SERVICE_HOURS: 'Mo-Fr 8-20' })).toThrow(
      /SERVICE_HOURS="Mo-Fr 8-20" ist ungültig \/ is invalid \(„8“: Uhrzeit als HH:MM/,
    );
  });

  it('should describe the schedule with the current state', () => {
    expect(describeServiceHours({ kind: 'always' }, new Date('2026-11-29T03:00:00Z'))).toMatchObject({ IsOpen: true, TimeZone: 'Europe/Berlin' });
  });
});
