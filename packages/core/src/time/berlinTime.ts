// Europe/Berlin wall-clock time by the summer-time rule itself, without Intl: a time-zone formatter makes V8
// load ICU's zone and calendar data (about 7 MB of resident memory per server process, tens of milliseconds on a
// phone), and formatToParts costs microseconds per call on paths that run for every request.
//
// The rule (tz database, zone Europe/Berlin from 1980, rules "EU"): UTC+1 (CET), and UTC+2 (CEST) from
// 01:00 UTC on the start Sunday to 01:00 UTC on the end Sunday:
//   1996 onwards  last Sunday of March – last Sunday of October (Directive 2000/84/EC)
//   1981–1995     last Sunday of March – last Sunday of September
// Earlier instants are treated as CET, though 1980 had summer time (6 April – 28 September) and 1945–1949 too: the
// product holds no such instant, and every byte here is also in the web app's chat screen. Should the EU end summer time, this is the one
// place to change; the tests compare it with Intl for every year up to 2100.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Europe/Berlin's offset from UTC at an instant, in milliseconds: one hour in winter, two in summer. */
export function berlinOffsetMs(epochMs: number): number {
  // The UTC year is the Berlin year here: both changes lie far from New Year.
  const year = new Date(epochMs).getUTCFullYear();
  /** 01:00 UTC of the last Sunday of a month (1–12). */
  const lastSunday = (month: number) => {
    const lastDay = Date.UTC(year, month, 0); // day 0 of the next month
    return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
  };
  return year > 1980 && epochMs >= lastSunday(3) && epochMs < lastSunday(year < 1996 ? 9 : 10) ? 2 * HOUR_MS : HOUR_MS;
}

/** Berlin wall-clock fields of an instant. month 1–12, weekday 1 (Monday) – 7 (Sunday). */
export interface BerlinWallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
}

export function berlinWallClock(epochMs: number): BerlinWallClock {
  const local = new Date(epochMs + berlinOffsetMs(epochMs));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
  };
}

/**
 * 00:00 Berlin time of a calendar day (month 1–12) as an instant. Midnight exists on every Berlin day: the clocks
 * change at 02:00 and 03:00 local time.
 */
export function berlinMidnight(year: number, month: number, day: number): number {
  const wallClock = Date.UTC(year, month - 1, day);
  // The offset at the wall-clock instant itself may be an hour off only within a day of a change, never at midnight's
  // own instant: correct once with the offset found.
  return wallClock - berlinOffsetMs(wallClock - berlinOffsetMs(wallClock));
}

/**
 * A Berlin wall-clock time of a calendar day (month 1–12; hour 24 is the next midnight) as an instant. A time in the hour
 * skipped in spring lands an hour later; a time in the hour repeated in autumn is its second pass (winter time).
 */
export function berlinInstant(year: number, month: number, day: number, hour: number, minute: number): number {
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  return wallClock - berlinOffsetMs(wallClock - berlinOffsetMs(wallClock));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "22.11.2026" in Berlin time, as de-DE writes a medium date. */
export function germanDateAt(epochMs: number): string {
  const t = berlinWallClock(epochMs);
  return `${pad2(t.day)}.${pad2(t.month)}.${t.year}`;
}

/** "22.11.2026, 01:20" in Berlin time, as de-DE writes a medium date with a short time. */
export function germanDateTimeAt(epochMs: number): string {
  const t = berlinWallClock(epochMs);
  return `${pad2(t.day)}.${pad2(t.month)}.${t.year}, ${pad2(t.hour)}:${pad2(t.minute)}`;
}

const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'] as const;

/** "1. März 2026 um 06:03" in Berlin time, as de-DE writes a long date with a short time. */
export function germanLongDateTimeAt(epochMs: number): string {
  const t = berlinWallClock(epochMs);
  return `${t.day}. ${MONTHS[t.month - 1] ?? ''} ${t.year} um ${pad2(t.hour)}:${pad2(t.minute)}`;
}

const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;

/** "Montag, 04.01.2027, 08:00" in Berlin time: de-DE's long weekday with a two-digit date and time (when the chat opens). */
export function germanWeekdayDateTimeAt(epochMs: number): string {
  const t = berlinWallClock(epochMs);
  return `${WEEKDAYS[t.weekday - 1] ?? ''}, ${pad2(t.day)}.${pad2(t.month)}.${t.year}, ${pad2(t.hour)}:${pad2(t.minute)}`;
}

/** "24.12.2026" for a calendar day 'YYYY-MM-DD' (a closure day is a date, not an instant: no time zone applies). */
export function germanCalendarDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}.${month}.${year}`;
}
