// Dates and sizes of the case file, German via Intl and in Europe/Berlin, where the firm works.
const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' });
const dateOnly = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' });
const dayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Berlin' });
const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** "23. November 2026 um 14:05" */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** "23. November 2026" */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/** Today in Europe/Berlin as YYYY-MM-DD (for core's date rules, which have no clock). */
export function berlinToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** "1,5 MB", "820 KB", "12 Byte" */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${number.format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${number.format(bytes / 1024)} KB`;
  return `${bytes} Byte`;
}
