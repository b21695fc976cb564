// Calendar dates in the service's time zone. Core never reads the clock itself: callers pass
// scheduler.now(), and comparisons happen on 'YYYY-MM-DD' strings, which order lexically.

import { berlinOffsetMs } from '../time/berlinTime.js';

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoCalendarDate = string;

/** The Europe/Berlin calendar date of an instant, e.g. berlinDateOf(scheduler.now()). Pure. */
export function berlinDateOf(epochMs: number): IsoCalendarDate {
  return new Date(epochMs + berlinOffsetMs(epochMs)).toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an existing calendar date in 'YYYY-MM-DD' form (rejects 2026-02-30). */
export function isIsoCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** German medium date format (de-DE), e.g. '2026-11-24' → '24.11.2026'. Expects a valid date. */
export function germanMediumDate(date: IsoCalendarDate): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}
