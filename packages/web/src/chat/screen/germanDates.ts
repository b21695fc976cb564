// German display formats. Times are shown in Europe/Berlin, where the service operates,
// so every participant sees the same clock time as the lawyer.
const timestampFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
const mediumDateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' });

/** "22.11.2026, 14:05" for an ISO 8601 instant; the raw text if it is not a date. */
export function formatMessageTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : timestampFormat.format(instant);
}

/** "24.11.2026" for a calendar day "2026-11-24" (as an <input type="date"> yields it). */
export function formatCalendarDay(day: string): string {
  const parsed = parseCalendarDay(day);
  return parsed ? mediumDateFormat.format(parsed) : day;
}

function parseCalendarDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const berlinDayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Berlin' });

/** The Europe/Berlin calendar day of `now` as "YYYY-MM-DD" (the day core validates against). */
export function calendarDayOf(now: Date): string {
  const parts = Object.fromEntries(berlinDayFormat.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
