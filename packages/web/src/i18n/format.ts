// Dates for display, always de-DE via Intl.
import { LOCALE } from './i18n.js';

/** "Montag" … "Sonntag" for ISO weekdays 1 (Monday) … 7 (Sunday). */
export function weekdayName(isoWeekday: number): string {
  // 2024-01-01 was a Monday; only the weekday of the formatted date matters.
  const date = new Date(Date.UTC(2024, 0, isoWeekday));
  return new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
