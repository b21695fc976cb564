// How long a Handakte is kept once the mandate has ended (§ 50 Abs. 1 BRAO): six years after the end of the
// calendar year in which the mandate ended. The year is the Europe/Berlin calendar year, and the file may go at
// 1 January 00:00 Berlin time of the seventh year after it. One pure rule for the server (which stores the
// deadline) and the console (which shows it before the lawyer ends the mandate).
import { berlinMidnight, berlinWallClock } from '../time/berlinTime.js';

/** Years the Handakte is kept after the calendar year in which the mandate ended. */
export const CASE_FILE_RETENTION_YEARS = 6;

/**
 * The instant (ISO 8601 UTC) from which a case file whose mandate ended at `endedAt` may be deleted: 1 January
 * 00:00 Europe/Berlin of the seventh year after the Berlin calendar year of `endedAt`. Ended at 31 December 2025
 * 23:30 Berlin time → `2031-12-31T23:00:00.000Z` (1 January 2032, 00:00 in Berlin); ended on 1 January 2026 at
 * 00:01 Berlin time → one year later.
 */
export function caseFileRetentionUntil(endedAt: Date | number): string {
  const epochMs = typeof endedAt === 'number' ? endedAt : endedAt.getTime();
  const { year } = berlinWallClock(epochMs);
  return new Date(berlinMidnight(year + CASE_FILE_RETENTION_YEARS + 1, 1, 1)).toISOString();
}
