import { germanMediumDate, isIsoCalendarDate } from '@rechtschat/core';

// Times are shown in Europe/Berlin, where the service operates, so every participant sees
// the same clock time as the lawyer.
const timestampFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

/** "22.11.2026, 14:05" for an ISO 8601 instant; the raw text if it is not a date. */
export function formatMessageTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : timestampFormat.format(instant);
}

/** "24.11.2026" for a calendar day "2026-11-24" (as an <input type="date"> yields it); other input unchanged. */
export function formatCalendarDay(day: string): string {
  return isIsoCalendarDate(day) ? germanMediumDate(day) : day;
}
