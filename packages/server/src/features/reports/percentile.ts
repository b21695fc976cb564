// Percentiles over an ordered list, the same on both engines (SQLite has no percentile_cont): linear interpolation
// between the closest ranks, as PostgreSQL's percentile_cont does – the median of 1, 2, 3, 4 is 2.5.

/** The p-quantile (0 ≤ p ≤ 1) of values sorted ascending; null for an empty list. */
export function percentileOfSorted(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const position = Math.min(Math.max(p, 0), 1) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

export interface DurationStats {
  readonly Count: number;
  readonly MedianSeconds: number | null;
  readonly P90Seconds: number | null;
  readonly MeanSeconds: number | null;
}

/** Median, 90th percentile and mean, rounded to whole seconds. */
export function durationStats(seconds: readonly number[]): DurationStats {
  const sorted = [...seconds].sort((a, b) => a - b);
  const round = (value: number | null) => (value === null ? null : Math.round(value));
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    Count: sorted.length,
    MedianSeconds: round(percentileOfSorted(sorted, 0.5)),
    P90Seconds: round(percentileOfSorted(sorted, 0.9)),
    MeanSeconds: sorted.length === 0 ? null : Math.round(sum / sorted.length),
  };
}
