// German date/time formatting in the office's time zone, independent of the server's TZ.

const dateTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

/** "22.11.2026, 01:20" (Europe/Berlin). Invalid input is returned unchanged rather than throwing. */
export function formatGermanDateTime(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? String(iso) : dateTime.format(date);
}

/** "22.11.2026" (Europe/Berlin). */
export function formatGermanDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? String(iso) : dateOnly.format(date);
}
