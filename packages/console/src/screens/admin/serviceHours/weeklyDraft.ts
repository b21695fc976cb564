// The weekly editor's draft: seven days, each open or closed with its periods as typed. Built from the stored schedule
// with every period it holds (a lunch break is two periods), never fewer; a closed day keeps what was typed, should it
// open again. Checked as the server checks (HH:MM, 24:00 as the end of the day, beginning before end, no overlap).
import type { ServiceHoursEntry } from '@rechtschat/core';
import type { ConsoleTextKey } from '../../../i18n/texts.de.js';

export interface PeriodDraft {
  readonly from: string;
  readonly to: string;
}

export interface DayDraft {
  readonly weekday: number;
  readonly open: boolean;
  readonly periods: readonly PeriodDraft[];
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_PERIODS_PER_DAY = 4;
const DEFAULT_PERIOD: PeriodDraft = { from: '08:00', to: '18:00' };

export function draftOf(entries: readonly ServiceHoursEntry[]): DayDraft[] {
  return WEEKDAYS.map((weekday) => {
    const periods = entries
      .filter((entry) => entry.Weekday === weekday)
      .sort((a, b) => a.From.localeCompare(b.From))
      .map((entry) => ({ from: entry.From, to: entry.To }));
    return { weekday, open: periods.length > 0, periods: periods.length > 0 ? periods : [DEFAULT_PERIOD] };
  });
}

/**
 * A time as typed, in the server's HH:MM: „8:00“, „8.30“ and „8“ are how people write it (outside tester: „8:00“ was
 * refused); anything else stays as typed, for the check to name.
 */
export function normalTime(typed: string): string {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(typed.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2] ?? '00'}` : typed.trim();
}

export function entriesOf(draft: readonly DayDraft[]): ServiceHoursEntry[] {
  return draft.filter((day) => day.open).flatMap((day) => day.periods.map((p) => ({ Weekday: day.weekday, From: normalTime(p.from), To: normalTime(p.to) })));
}

const FROM = /^([01]\d|2[0-3]):[0-5]\d$/;
const TO = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Field id of a period's time: `hours-<weekday>-<index>-from|to`. */
export const timeFieldId = (weekday: number, index: number, end: 'from' | 'to') => `hours-${weekday}-${index}-${end}`;

/** What is wrong, by field id (of open days only); empty when the draft may be saved. */
export function problemsOf(draft: readonly DayDraft[]): Map<string, ConsoleTextKey> {
  const problems = new Map<string, ConsoleTextKey>();
  for (const day of draft.filter((d) => d.open)) {
    const periods = day.periods.map((p, index) => ({ from: normalTime(p.from), to: normalTime(p.to), index }));
    for (const p of periods) {
      if (!FROM.test(p.from)) problems.set(timeFieldId(day.weekday, p.index, 'from'), 'Hours.TimeInvalid');
      if (!TO.test(p.to)) problems.set(timeFieldId(day.weekday, p.index, 'to'), 'Hours.TimeInvalid');
      else if (FROM.test(p.from) && p.from >= p.to) problems.set(timeFieldId(day.weekday, p.index, 'to'), 'Hours.OrderInvalid');
    }
    const valid = periods.filter((p) => !problems.has(timeFieldId(day.weekday, p.index, 'from')) && !problems.has(timeFieldId(day.weekday, p.index, 'to')));
    const sorted = [...valid].sort((a, b) => a.from.localeCompare(b.from));
    sorted.slice(1).forEach((p, i) => {
      if (p.from < sorted[i]!.to) problems.set(timeFieldId(day.weekday, p.index, 'from'), 'Hours.OverlapInvalid');
    });
  }
  return problems;
}
