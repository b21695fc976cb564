// Europe/Berlin wall-clock time by the summer-time rule itself, without Intl: a time-zone formatter makes V8
// load ICU's zone and calendar data (about 7 MB of resident memory per server process, tens of milliseconds on a
// phone), and formatToParts costs microseconds per call on paths that run for every request.
//
// The rule (tz database, zone Europe/Berlin from 1980, rules "EU"): UTC+1 (CET), and UTC+2 (CEST) from
// 01:00 UTC on the start Sunday to 01:00 UTC on the end Sunday:
//   1996 onwards  last Sunday of March – last Sunday of October (Directive 2000/84/EC)
//   1981–1995     last Sunday of March – last Sunday of September
//   1980          first Sunday of April – last Sunday of September
//   1950–1979     no summer time
// Earlier instants are treated as CET (the product holds none). Should the EU end summer time, this is the one
// place to change; the tests compare it with Intl for every year up to 2100.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC of the last Sunday of a month (1–12). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month, 0); // day 0 of the next month
  const weekday = new Date(lastDay).getUTCDay(); // 0 = Sunday
  return lastDay - weekday * DAY_MS + HOUR_MS;
}

/** 01:00 UTC of the first Sunday of a month (1–12). */
function firstSundayAtOneUtc(year: number, month: number): number {
  const firstDay = Date.UTC(year, month - 1, 1);
  const weekday = new Date(firstDay).getUTCDay();
  return firstDay + ((7 - weekday) % 7) * DAY_MS + HOUR_MS;
}

/** The summer-time window of a year as UTC instants [start, end), or null for a year without one. */
function summerTime(year: number): readonly [number, number] | null {
  if (year < 1980) return null;
  if (year === 1980) return [firstSundayAtOneUtc(1980, 4), lastSundayAtOneUtc(1980, 9)];
  return [lastSundayAtOneUtc(year, 3), lastSundayAtOneUtc(year, year >= 1996 ? 10 : 9)];
}

/** Europe/Berlin's offset from UTC at an instant, in milliseconds: one hour in winter, two in summer. */
export function berlinOffsetMs(epochMs: number): number {
  // The UTC year is the Berlin year here: both transitions lie far from New Year.
  const window = summerTime(new Date(epochMs).getUTCFullYear());
  return window !== null && epochMs >= window[0] && epochMs < window[1] ? 2 * HOUR_MS : HOUR_MS;
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
