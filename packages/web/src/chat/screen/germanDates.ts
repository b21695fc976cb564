import { berlinDateOf, germanMediumDate, isIsoCalendarDate } from '@rechtschat/core';

// Times are shown in Europe/Berlin, where the service operates, so every participant sees
// the same clock time as the lawyer. The formatter is made on first use or by prepareDateFormats:
// the browser's first Intl formatter starts its ICU data, a long task on a phone.
let timestampFormat: Intl.DateTimeFormat | undefined;

const timestamps = () => (timestampFormat ??= new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }));

let clockTimeFormat: Intl.DateTimeFormat | undefined;
const clockTimes = () => (clockTimeFormat ??= new Intl.DateTimeFormat('de-DE', { timeStyle: 'short', timeZone: 'Europe/Berlin' }));

/**
 * "14:05" for an ISO 8601 instant of today (Berlin), "22.11.2026, 14:05" for an earlier or later day (the date
 * on every message of a running chat is noise on a phone); the raw text if it is not a date.
 */
export function formatMessageTime(iso: string, now: number = Date.now()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return berlinDateOf(instant.getTime()) === berlinDateOf(now) ? clockTimes().format(instant) : timestamps().format(instant);
}

/**
 * Makes the chat's date formatters now. The chat page calls it while it waits for the session calls,
 * after a worker has started the ICU data (i18n/intlWarmUp.ts), so neither adds to the chat's first render.
 */
export function prepareDateFormats(): void {
  timestamps().format(0);
  clockTimes().format(0);
}

/** "24.11.2026" for a calendar day "2026-11-24" (as an <input type="date"> yields it); other input unchanged. */
export function formatCalendarDay(day: string): string {
  return isIsoCalendarDate(day) ? germanMediumDate(day) : day;
}
