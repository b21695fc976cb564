// Office hours in Europe/Berlin. "always" keeps the demo usable at any hour.
import { berlinWallClock, type ServiceHours } from '@rechtschat/core';
import { errorCodes } from './errors.js';

export interface ServiceHoursEntry {
  /** 1 = Monday … 7 = Sunday. */
  readonly Weekday: number;
  readonly From: string;
  readonly To: string;
}

export type ServiceHoursSchedule = { readonly kind: 'always' } | { readonly kind: 'weekly'; readonly entries: readonly ServiceHoursEntry[] };

export const TIME_ZONE = 'Europe/Berlin';
const DAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const ENGLISH_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

const ENGLISH_LONG_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function dayIndex(token: string): number | null {
  const index = [DAYS, ENGLISH_DAYS, ENGLISH_LONG_DAYS].map((names) => names.indexOf(token)).find((i) => i >= 0) ?? -1;
  return index >= 0 ? index + 1 : null;
}

function parseDays(spec: string): number[] | null {
  const days: number[] = [];
  for (const part of spec.split(',')) {
    const [from, to] = part.split('-');
    const start = from === undefined ? null : dayIndex(from.trim());
    const end = to === undefined ? start : dayIndex(to.trim());
    if (start === null || end === null || end < start) return null;
    for (let d = start; d <= end; d += 1) days.push(d);
  }
  return days;
}

/** Parses "Mo-Fr 08:00-20:00; Sa 09:00-13:00" (also "Mon-Fri"), "always" or "never"; null when malformed. */
export function parseServiceHours(raw: string): ServiceHoursSchedule | null {
  const parsed = readServiceHours(raw);
  return 'problem' in parsed ? null : parsed;
}

/** Why `raw` is not a schedule, naming the first clause that is wrong (German / English, for the start's error); null when it is one. */
export function serviceHoursProblem(raw: string): string | null {
  const parsed = readServiceHours(raw);
  return 'problem' in parsed ? parsed.problem : null;
}

function readServiceHours(raw: string): ServiceHoursSchedule | { readonly problem: string } {
  if (raw.trim().toLowerCase() === 'always') return { kind: 'always' };
  // No office hours at all: the chat is closed (maintenance, holidays, tests of the closed state).
  if (raw.trim().toLowerCase() === 'never') return { kind: 'weekly', entries: [] };
  const entries: ServiceHoursEntry[] = [];
  for (const clause of raw
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c !== '')) {
    const match = /^(\S+)\s+(\S+)-(\S+)$/.exec(clause);
    if (!match) return { problem: `„${clause}“: erwartet Tage und Zeitraum / expected days and hours, e.g. "Mo-Fr 08:00-20:00"` };
    const [, daySpec = '', from = '', to = ''] = match;
    const days = parseDays(daySpec);
    if (days === null) return { problem: `„${daySpec}“: Wochentage als Mo, Di, Mi, Do, Fr, Sa, So (or Mon…Sun), e.g. "Mo-Fr" or "Mo,Mi"` };
    const badTime = [from, to].find((time) => !TIME.test(time));
    if (badTime !== undefined) return { problem: `„${badTime}“: Uhrzeit als HH:MM / time as HH:MM, e.g. "08:00"` };
    if (from >= to) return { problem: `„${from}-${to}“: Beginn vor Ende / start before end` };
    for (const day of days) entries.push({ Weekday: day, From: from, To: to });
  }
  return entries.length > 0 ? { kind: 'weekly', entries } : { problem: 'keine Zeiten / no hours' };
}

/** Weekday (1–7) and "HH:MM" of an instant in Berlin local time, DST included. */
export function berlinLocal(instant: Date): { weekday: number; time: string } {
  const { weekday, hour, minute } = berlinWallClock(instant.getTime());
  return { weekday, time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}

export function isWithinServiceHours(schedule: ServiceHoursSchedule, instant: Date): boolean {
  if (schedule.kind === 'always') return true;
  const { weekday, time } = berlinLocal(instant);
  return schedule.entries.some((e) => e.Weekday === weekday && time >= e.From && time < e.To);
}

export function describeServiceHours(schedule: ServiceHoursSchedule, instant: Date): ServiceHours {
  const hours =
    schedule.kind === 'always' ? [1, 2, 3, 4, 5, 6, 7].map((d) => ({ Weekday: d, From: '00:00', To: '24:00' })) : schedule.entries.map((e) => ({ ...e }));
  return { IsOpen: isWithinServiceHours(schedule, instant), Hours: hours, TimeZone: TIME_ZONE };
}

/** The refusal outside office hours: 403 on HTTP (customer login, chat session), the same code on the hub (StartChat). */
export const serviceHoursError = errorCodes({ OutsideServiceHours: 403 });

/** `message` names a closure day when there is one (features/serviceHours/closedRefusal.ts). */
export const outsideServiceHours = (message = 'Die Chatberatung ist außerhalb der Servicezeiten nicht erreichbar.') =>
  serviceHoursError('OutsideServiceHours', message);
