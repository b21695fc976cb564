// The effective office hours at an instant, pure: the weekly schedule (the administrators', else SERVICE_HOURS) and the
// closures – on a closure day (Europe/Berlin calendar date) the chat is closed all day, whatever the weekly hours say,
// "always" included. GET /api/service-hours, the customer login, the chat session ticket and StartChat all ask here.
import { berlinInstant, berlinWallClock, type ServiceClosureNotice, type ServiceHours } from '@rechtschat/core';
import { describeServiceHours, isWithinServiceHours, type ServiceHoursEntry, type ServiceHoursSchedule } from '../../platform/serviceHours.js';

export interface Closure {
  readonly id: string;
  /** Berlin calendar days 'YYYY-MM-DD', inclusive. */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly note: string;
}

export interface EffectiveHours {
  readonly schedule: ServiceHoursSchedule;
  readonly closures: readonly Closure[];
}

/** How far GET /api/service-hours looks ahead for upcoming closures and the next opening. */
export const LOOKAHEAD_DAYS = 60;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Berlin calendar day 'YYYY-MM-DD' of an instant. */
export function berlinDayOf(instant: Date): string {
  const { year, month, day } = berlinWallClock(instant.getTime());
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The closure in force on a calendar day (the earliest-starting one when several overlap). */
export function closureOn(closures: readonly Closure[], day: string): Closure | undefined {
  return closures.find((closure) => closure.firstDay <= day && day <= closure.lastDay);
}

export function isOpenAt(hours: EffectiveHours, instant: Date): boolean {
  return closureOn(hours.closures, berlinDayOf(instant)) === undefined && isWithinServiceHours(hours.schedule, instant);
}

function periodsOf(schedule: ServiceHoursSchedule, weekday: number): ServiceHoursEntry[] {
  if (schedule.kind === 'always') return [{ Weekday: weekday, From: '00:00', To: '24:00' }];
  return schedule.entries.filter((entry) => entry.Weekday === weekday).sort((a, b) => a.From.localeCompare(b.From));
}

const instantOf = (day: string, time: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return berlinInstant(year, month, date, hour, minute);
};

/** When the chat is open next, from `instant` on (itself when open now); null: not within LOOKAHEAD_DAYS. */
export function nextOpening(hours: EffectiveHours, instant: Date): Date | null {
  const today = berlinDayOf(instant);
  const now = instant.getTime();
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset += 1) {
    const day = addDays(today, offset);
    if (closureOn(hours.closures, day) !== undefined) continue;
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
    for (const period of periodsOf(hours.schedule, weekday)) {
      const start = instantOf(day, period.From);
      const end = instantOf(day, period.To);
      if (end > now) return new Date(Math.max(start, now));
    }
  }
  return null;
}

const notice = (closure: Closure): ServiceClosureNotice => ({ FirstDay: closure.firstDay, LastDay: closure.lastDay, Note: closure.note });

/** The answer of GET /api/service-hours: the weekly hours, open now or not, today's closure, the next ones, when it opens again. */
export function describeEffectiveHours(hours: EffectiveHours, instant: Date): ServiceHours {
  const today = berlinDayOf(instant);
  const horizon = addDays(today, LOOKAHEAD_DAYS);
  const closure = closureOn(hours.closures, today) ?? null;
  const isOpen = isOpenAt(hours, instant);
  const opensAt = isOpen ? null : nextOpening(hours, instant);
  return {
    ...describeServiceHours(hours.schedule, instant),
    IsOpen: isOpen,
    Closure: closure && notice(closure),
    UpcomingClosures: hours.closures.filter((c) => c !== closure && c.firstDay > today && c.firstDay <= horizon).map(notice),
    OpensAt: opensAt && opensAt.toISOString(),
  };
}
