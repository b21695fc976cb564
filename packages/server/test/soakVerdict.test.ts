// The soak's verdict: the run fails on any loss, double, disorder or 5xx outside the killed instance.
import { describe, expect, it } from 'vitest';
import { buildReport, percentile, verdict, type SoakFigures } from '../soak/report.js';
import type { SoakSettings } from '../soak/soakRun.js';

const settings: SoakSettings = { durationMs: 60_000, chats: 2, pauseMessages: 5, redisDownMs: 5000, killDownMs: 3000, intervalMs: 1000, short: true };
const clean: SoakFigures = {
  durationMs: 60_000,
  chats: 2,
  connections: 4,
  sent: 10,
  acked: 10,
  stored: 10,
  deliveriesExpected: 20,
  deliveredLive: 18,
  recoveredByResync: 2,
  missing: 0,
  doubleStored: 0,
  ackedLost: 0,
  duplicateFrames: 0,
  outOfOrder: 0,
  latencies: [5, 1, 3],
  reconnects: 4,
  resyncs: 4,
  resyncFailures: 0,
  connectionRetries: 1,
  hubServerErrors: 0,
  sendsGivenUp: 0,
  clientHttp5xx: 0,
  serverErrors: { A: { http5xx: 0, hubFailures: 0 }, B: { http5xx: 0, hubFailures: 0 } },
  faults: {
    killDownMs: 3000,
    killRecoveredMs: 5000,
    redisDownMs: 5000,
    redisRecoveredMs: 1000,
    pauseMessages: 5,
    pauseHeldMs: 500,
    pauseReceivedWhileHeld: 0,
    pauseDrainedMs: 10,
  },
};

describe('soak verdict', () => {
  it('should pass a run without loss, doubles, disorder or 5xx on the surviving instance', () => {
    expect(verdict(settings, clean)).toEqual([]);
    expect(buildReport(settings, clean, []).markdown).toContain('| fehlend / doppelt gespeichert / doppelt live / außer der Reihe | 0 / 0 / 0 / 0 |');
  });

  it.each([
    ['a missing delivery', { missing: 1 }],
    ['a message stored twice', { doubleStored: 1 }],
    ['an acknowledged message not stored', { ackedLost: 1 }],
    ['a frame delivered twice', { duplicateFrames: 1 }],
    ['a message out of order', { outOfOrder: 1 }],
    ['a 5xx on the surviving instance', { serverErrors: { A: { http5xx: 0, hubFailures: 0 }, B: { http5xx: 1, hubFailures: 0 } } }],
    ['a hub failure on the surviving instance', { serverErrors: { A: { http5xx: 0, hubFailures: 0 }, B: { http5xx: 0, hubFailures: 1 } } }],
  ] as const)('should fail on %s', (_what, change) => {
    expect(verdict(settings, { ...clean, ...change })).toHaveLength(1);
  });

  it('should tolerate 5xx on the killed instance only', () => {
    expect(verdict(settings, { ...clean, clientHttp5xx: 2, serverErrors: { A: { http5xx: 2, hubFailures: 0 }, B: { http5xx: 0, hubFailures: 0 } } })).toEqual(
      [],
    );
  });

  it('should fail when the held client received messages during the pause or the pause never ran', () => {
    expect(verdict(settings, { ...clean, faults: { ...clean.faults, pauseReceivedWhileHeld: 3 } })).toHaveLength(1);
    expect(verdict(settings, { ...clean, faults: { ...clean.faults, pauseMessages: 0 } })).toHaveLength(1);
  });

  it('should take nearest-rank percentiles', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 99)).toBe(0);
  });
});
