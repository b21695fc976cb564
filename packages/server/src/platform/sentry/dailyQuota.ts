// How many envelopes each address may add to the local store per day (tunnel.ts), counted in this process's memory:
// a restart forgets the counts, which costs at most one more share per address; the store's own cap still holds.

export interface DailyQuota {
  /** Counts one for `key` and answers whether it was still within its share of the day (UTC) `now` falls on. */
  take(key: string, now: Date): boolean;
}

export function createDailyQuota(perDay: number): DailyQuota {
  let day = '';
  let counts = new Map<string, number>();
  return {
    take(key, now) {
      const today = now.toISOString().slice(0, 10);
      // A new day starts every count afresh and lets go of yesterday's addresses (memory stays bounded by one day).
      if (today !== day) {
        day = today;
        counts = new Map();
      }
      const used = counts.get(key) ?? 0;
      if (used >= perDay) return false;
      counts.set(key, used + 1);
      return true;
    },
  };
}
