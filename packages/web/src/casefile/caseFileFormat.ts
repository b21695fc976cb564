// Dates and sizes of the case file, German via Intl and in Europe/Berlin, where the firm works.
// Formatters are made on first use: the first one starts the browser's ICU data, which should not
// lengthen the start of the login page; the area has a worker start that data meanwhile
// (i18n/intlWarmUp.ts), so the first use is cheap.
import { berlinDateOf } from '@rechtschat/core';

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateTime = once(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }));
const dateOnly = once(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }));
const number = once(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }));

/** "23. November 2026 um 14:05" */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

/** "23. November 2026" */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly().format(date);
}

/** Today in Europe/Berlin as YYYY-MM-DD (for core's date rules, which have no clock). */
export function berlinToday(now: Date = new Date()): string {
  return berlinDateOf(now.getTime());
}

/** "1,5 MB", "820 KB", "12 Byte" */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${number().format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${number().format(bytes / 1024)} KB`;
  return `${bytes} Byte`;
}
