// Closure days ('YYYY-MM-DD', Berlin calendar dates) written as de-DE does: "24.12.2026", a range "23.12.2026 bis 01.01.2027".
import type { TFunction } from 'i18next';
import type { ServiceClosure } from '@rechtschat/core';

let dayFormat: Intl.DateTimeFormat | undefined;

/** "24.12.2026": a calendar day, the same in every browser zone (formatted as UTC midnight of that day). */
export function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function closurePeriod(t: TFunction, closure: Pick<ServiceClosure, 'FirstDay' | 'LastDay'>): string {
  return closure.FirstDay === closure.LastDay
    ? formatDay(closure.FirstDay)
    : t('Hours.ClosureRange', { first: formatDay(closure.FirstDay), last: formatDay(closure.LastDay) });
}
