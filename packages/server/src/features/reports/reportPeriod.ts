// Report periods are Europe/Berlin calendar days, both inclusive: from 00:00 of `from` to 00:00 of the day after
// `to`, Berlin time, as UTC instants for the stored ISO strings (which compare as text on both engines).
import { berlinMidnight, germanDateAt, isIsoCalendarDate } from '@rechtschat/core';
import { badRequest } from '../../platform/errors.js';

/** 00:00 Berlin time of a calendar day 'YYYY-MM-DD' as an epoch instant. */
export function berlinMidnightOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return berlinMidnight(year, month, date);
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
  const start = berlinMidnightOf(from);
  const end = berlinMidnightOf(nextDay(to));
  // The day after 9999-12-31 has no four-digit year: no instant, a refusal rather than a server error.
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw badRequest('Bitte geben Sie den Zeitraum als Datum JJJJ-MM-TT an (from, to).');
  if (end - start > MAX_PERIOD_DAYS * 86_400_000) throw badRequest('Der Zeitraum ist zu lang (höchstens drei Jahre).');
  return { from, to, startIso: new Date(start).toISOString(), endIso: new Date(end).toISOString() };
}

/** "28.11.2026" (Europe/Berlin) of an ISO instant. */
export function germanDateOf(iso: string): string {
  return germanDateAt(Date.parse(iso));
}
