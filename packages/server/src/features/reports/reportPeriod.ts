// Report periods are Europe/Berlin calendar days, both inclusive: from 00:00 of `from` to 00:00 of the day after
// `to`, Berlin time, as UTC instants for the stored ISO strings (which compare as text on both engines).
import { isIsoCalendarDate } from '@rechtschat/core';
import { badRequest } from '../../platform/errors.js';

const berlinParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Europe/Berlin's offset from UTC at an instant in milliseconds (+1 h in winter, +2 h in summer). */
function berlinOffsetMs(epochMs: number): number {
  const parts = berlinParts.formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wallClock - Math.floor(epochMs / 1000) * 1000;
}

/** 00:00 Berlin time of a calendar day 'YYYY-MM-DD' as an epoch instant (midnight exists on every Berlin day). */
export function berlinMidnight(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, date);
  return wallClock - berlinOffsetMs(wallClock - berlinOffsetMs(wallClock));
}

/** The day after a calendar day. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
  /** ISO instants: start inclusive, end exclusive. */
  readonly startIso: string;
  readonly endIso: string;
}

/** At most this many days in one report (a few years; keeps one request bounded). */
export const MAX_PERIOD_DAYS = 3 * 366;

export function reportPeriodOf(from: string, to: string): ReportPeriod {
  if (!isIsoCalendarDate(from) || !isIsoCalendarDate(to)) throw badRequest('Bitte geben Sie den Zeitraum als Datum JJJJ-MM-TT an (from, to).');
  if (to < from) throw badRequest('Das Ende des Zeitraums liegt vor seinem Beginn.');
  const start = berlinMidnight(from);
  const end = berlinMidnight(nextDay(to));
  if (end - start > MAX_PERIOD_DAYS * 86_400_000) throw badRequest('Der Zeitraum ist zu lang (höchstens drei Jahre).');
  return { from, to, startIso: new Date(start).toISOString(), endIso: new Date(end).toISOString() };
}

/** The last Sunday of a month (1-based) at 01:00 UTC: when EU summer time starts (March) and ends (October). */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const summerTime = new Map<number, readonly [number, number]>();

/**
 * Europe/Berlin's offset by the EU rule (summer time from the last Sunday of March to the last Sunday of October, 01:00
 * UTC each) – a few arithmetic steps instead of an Intl call per CSV row; the unit test checks it against Intl.
 */
function berlinOffsetFast(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  let range = summerTime.get(year);
  if (range === undefined) {
    range = [lastSundayOneUtc(year, 3), lastSundayOneUtc(year, 10)];
    summerTime.set(year, range);
  }
  return epochMs >= range[0] && epochMs < range[1] ? 7_200_000 : 3_600_000;
}

/** "28.11.2026" (Europe/Berlin) of an ISO instant. */
export function germanDateOf(iso: string): string {
  const local = new Date(Date.parse(iso) + berlinOffsetFast(Date.parse(iso))).toISOString();
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)}`;
}
