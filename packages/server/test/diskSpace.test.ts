// /healthz sees a (nearly) full DATA_DIR (M3): the threshold by the disk's size, the cache that spares the kernel a
// probe storm, and the body and status the health check answers with – with a fake statfs, not a full disk.
import { describe, expect, it } from 'vitest';
import { healthOf, healthStatus, type AppContext } from '../src/context.js';
import { createDiskSpaceCheck, diskLowThreshold, diskSpaceOf, type StatFsResult } from '../src/platform/diskSpace.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const disk = (totalBytes: number, freeBytes: number): StatFsResult => ({ bsize: 4096, blocks: totalBytes / 4096, bavail: freeBytes / 4096 });

describe('free space of DATA_DIR', () => {
  it('should call a disk low under 1 % of its size, at least 64 MiB, at most 1 GiB', () => {
    expect(diskLowThreshold(1 * GiB)).toBe(64 * MiB);
    expect(diskLowThreshold(20 * GiB)).toBeCloseTo(0.2 * GiB);
    expect(diskLowThreshold(10_000 * GiB)).toBe(GiB);
    expect(diskSpaceOf(disk(1 * GiB, 64 * MiB))).toEqual({ freeBytes: 64 * MiB, totalBytes: GiB, low: false });
    expect(diskSpaceOf(disk(1 * GiB, 64 * MiB - 4096)).low).toBe(true);
    expect(diskSpaceOf(disk(100 * GiB, 900 * MiB)).low).toBe(true);
    expect(diskSpaceOf(disk(100 * GiB, 2 * GiB)).low).toBe(false);
    expect(diskSpaceOf(disk(10_000 * GiB, 2 * GiB)).low).toBe(false);
    expect(diskSpaceOf(disk(10_000 * GiB, 512 * MiB)).low).toBe(true);
    expect(diskSpaceOf(disk(100 * GiB, 0)).low).toBe(true);
  });

  it('should ask statfs once per cache period, however many probes come, and say null when it fails', async () => {
    let calls = 0;
    let clock = 0;
    let free = 10 * GiB;
    const check = createDiskSpaceCheck('/data', {
      now: () => clock,
      cacheMs: 5000,
      statfs: async (dir) => {
        expect(dir).toBe('/data');
        calls++;
        if (free < 0) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
        return disk(100 * GiB, free);
      },
    });
    const storm = await Promise.all(Array.from({ length: 50 }, () => check.current()));
    expect(calls).toBe(1);
    expect(storm.every((answer) => answer?.low === false)).toBe(true);
    free = 10 * MiB;
    clock = 4999;
    expect((await check.current())?.low).toBe(false);
    clock = 5000;
    expect(await check.current()).toMatchObject({ freeBytes: 10 * MiB, low: true });
    expect(calls).toBe(2);
    free = -1;
    clock = 10_000;
    expect(await check.current()).toBeNull();
  });
});

describe('the /healthz body', () => {
  const ctx = (options: { draining?: boolean; backplaneUp?: boolean | null }) =>
    ({
      draining: () => options.draining ?? false,
      backplaneUp: options.backplaneUp === undefined || options.backplaneUp === null ? null : () => options.backplaneUp as boolean,
    }) as unknown as AppContext;
  const low = { freeBytes: 0, totalBytes: GiB, low: true };
  const ok = { freeBytes: GiB / 2, totalBytes: GiB, low: false };

  it('should answer 503 disk-full with Disk low, 200 ok with Disk ok, and leave Disk out when it cannot be read', () => {
    const answer = (health: ReturnType<typeof healthOf>) => ({ status: healthStatus(health), health });
    expect(answer(healthOf(ctx({}), ok))).toEqual({ status: 200, health: { Status: 'ok', Disk: 'ok' } });
    expect(answer(healthOf(ctx({}), low))).toEqual({ status: 503, health: { Status: 'disk-full', Disk: 'low' } });
    expect(answer(healthOf(ctx({}), null))).toEqual({ status: 200, health: { Status: 'ok' } });
    expect(answer(healthOf(ctx({ backplaneUp: false }), ok))).toEqual({ status: 200, health: { Status: 'degraded', Backplane: 'down', Disk: 'ok' } });
    expect(answer(healthOf(ctx({ backplaneUp: false }), low))).toEqual({ status: 503, health: { Status: 'disk-full', Backplane: 'down', Disk: 'low' } });
    expect(answer(healthOf(ctx({ draining: true }), low))).toEqual({ status: 503, health: { Status: 'draining' } });
  });
});
