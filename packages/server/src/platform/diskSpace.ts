// The free space of DATA_DIR's file system, for /healthz and /metrics: with the disk full, SQLite ("database or disk
// is full") and every upload fail while reads still work, so a check that only reads would go on saying ok. One
// statfs call is cheap, and its answer is kept for a few seconds, so a storm of probes asks the kernel once.
import { statfs } from 'node:fs/promises';

/** Below this many free bytes the disk counts as (nearly) full, however small it is. */
export const DISK_LOW_MIN_BYTES = 64 * 1024 * 1024;
/** Below this share of its size free the disk counts as (nearly) full … */
export const DISK_LOW_FRACTION = 0.01;
/** … but a large disk is not "full" while this much is still free (1 % of 10 TB would be 100 GB). */
export const DISK_LOW_MAX_BYTES = 1024 * 1024 * 1024;
/** How long one statfs answer is used. */
export const DISK_CHECK_CACHE_MS = 5000;

export interface DiskSpace {
  /** Bytes an unprivileged process may still write (statfs `bavail`). */
  readonly freeBytes: number;
  readonly totalBytes: number;
  /** Whether the free space is under the threshold (diskLowThreshold). */
  readonly low: boolean;
}

/** The part of Node's statfs result the check reads (a fake in the tests). */
export interface StatFsResult {
  readonly bsize: number;
  readonly blocks: number;
  readonly bavail: number;
}

/** The free bytes under which a disk of `totalBytes` counts as (nearly) full: 1 % of it, at least 64 MiB, at most 1 GiB. */
export function diskLowThreshold(totalBytes: number): number {
  return Math.min(DISK_LOW_MAX_BYTES, Math.max(DISK_LOW_MIN_BYTES, totalBytes * DISK_LOW_FRACTION));
}

export function diskSpaceOf(stats: StatFsResult): DiskSpace {
  const freeBytes = stats.bavail * stats.bsize;
  const totalBytes = stats.blocks * stats.bsize;
  return { freeBytes, totalBytes, low: freeBytes < diskLowThreshold(totalBytes) };
}

export interface DiskSpaceCheck {
  /** DATA_DIR's free space, at most DISK_CHECK_CACHE_MS old; null when statfs fails (the folder is gone, …). */
  current(): Promise<DiskSpace | null>;
}

export interface DiskSpaceCheckOptions {
  readonly statfs?: (dir: string) => Promise<StatFsResult>;
  readonly now?: () => number;
  readonly cacheMs?: number;
}

/** Asks statfs for `dir` at most once per `cacheMs`; probes arriving meanwhile share the answer (or the call in flight). */
export function createDiskSpaceCheck(dir: string, options: DiskSpaceCheckOptions = {}): DiskSpaceCheck {
  const ask = options.statfs ?? statfs;
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? DISK_CHECK_CACHE_MS;
  let cached: { at: number; answer: Promise<DiskSpace | null> } | null = null;
  return {
    current() {
      const at = now();
      if (cached === null || at - cached.at >= cacheMs) {
        cached = {
          at,
          answer: ask(dir).then(diskSpaceOf, () => null),
        };
      }
      return cached.answer;
    },
  };
}
