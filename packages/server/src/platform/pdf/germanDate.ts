// German date/time formatting in the office's time zone, independent of the server's TZ (core's berlinTime.ts: no ICU).
import { germanDateAt, germanDateTimeAt } from '@rechtschat/core';

/** "22.11.2026, 01:20" (Europe/Berlin). Invalid input is returned unchanged rather than throwing. */
export function formatGermanDateTime(iso: string | Date): string {
  const epochMs = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  return Number.isNaN(epochMs) ? String(iso) : germanDateTimeAt(epochMs);
}

/** "22.11.2026" (Europe/Berlin). */
export function formatGermanDate(iso: string | Date): string {
  const epochMs = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  return Number.isNaN(epochMs) ? String(iso) : germanDateAt(epochMs);
}
