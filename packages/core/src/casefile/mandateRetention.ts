// How long a Handakte is kept once the mandate has ended (§ 50 Abs. 1 BRAO): six years after the end of the
// calendar year in which the mandate ended. The year is the Europe/Berlin calendar year, and the file may go at
// 1 January 00:00 Berlin time of the seventh year after it. One pure rule for the server (which stores the
// deadline) and the console (which shows it before the lawyer ends the mandate).
import { berlinDateOf } from '../validation/berlinDate.js';

/** Years the Handakte is kept after the calendar year in which the mandate ended. */
export const CASE_FILE_RETENTION_YEARS = 6;

let offsetFormat: Intl.DateTimeFormat | undefined;

/** Europe/Berlin's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function berlinOffsetMs(epochMs: number): number {
  offsetFormat ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = offsetFormat.formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wallClock - Math.floor(epochMs / 1000) * 1000;
}

/** 1 January 00:00 Europe/Berlin of `year` as an instant. */
function berlinNewYear(year: number): number {
  const wallClock = Date.UTC(year, 0, 1);
  return wallClock - berlinOffsetMs(wallClock - berlinOffsetMs(wallClock));
}

/**
 * The instant (ISO 8601 UTC) from which a case file whose mandate ended at `endedAt` may be deleted: 1 January
 * 00:00 Europe/Berlin of the seventh year after the Berlin calendar year of `endedAt`. Ended at 31 December 2025
 * 23:30 Berlin time → `2031-12-31T23:00:00.000Z` (1 January 2032, 00:00 in Berlin); ended on 1 January 2026 at
 * 00:01 Berlin time → one year later.
 */
export function caseFileRetentionUntil(endedAt: Date | number): string {
  const epochMs = typeof endedAt === 'number' ? endedAt : endedAt.getTime();
  const year = Number(berlinDateOf(epochMs).slice(0, 4));
  return new Date(berlinNewYear(year + CASE_FILE_RETENTION_YEARS + 1)).toISOString();
}
