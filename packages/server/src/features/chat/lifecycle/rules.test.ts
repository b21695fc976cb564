// The lifecycle rules as pure functions of (facts, now): examples at the boundaries and properties over random facts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ABANDON_AFTER_MS,
  decide,
  inactivityStage,
  INACTIVITY_TIMEOUT_MS,
  PRESENCE_REFRESH_MS,
  PRESENCE_STALE_MS,
  SWEEP_INTERVAL_MS,
  type ChatFacts,
} from './rules.js';

const T0 = Date.parse('2026-11-28T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const MIN = 60_000;

const waiting = (lastSeenMs: number | null, createdMs = 0): ChatFacts => ({
  state: 'waiting',
  createdAt: at(createdMs),
  clientLastSeenAt: lastSeenMs === null ? null : at(lastSeenMs),
  unansweredLawyerMessageAt: null,
});
const active = (lastSeenMs: number | null, lawyerMs: number | null, createdMs = 0): ChatFacts => ({
  state: 'active',
  createdAt: at(createdMs),
  clientLastSeenAt: lastSeenMs === null ? null : at(lastSeenMs),
  unansweredLawyerMessageAt: lawyerMs === null ? null : at(lawyerMs),
});

describe('lifecycle timings', () => {
  it('should run the spec inactivity stages: 180 s, then 60 s, then 30 s', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(270_000);
  });

  it('should notice a gone client well before any closure and keep a connected one (refresh well inside the stale limit)', () => {
    expect(PRESENCE_STALE_MS).toBeGreaterThanOrEqual(2 * PRESENCE_REFRESH_MS);
    expect(PRESENCE_STALE_MS + SWEEP_INTERVAL_MS).toBeLessThan(INACTIVITY_TIMEOUT_MS);
    expect(ABANDON_AFTER_MS).toBe(10 * MIN);
  });
});

describe('waiting chat (no lawyer yet)', () => {
  it('should be abandoned exactly 10 minutes after the client was last seen, not a millisecond before', () => {
    expect(decide(waiting(5 * MIN), at(15 * MIN - 1))).toEqual({ kind: 'keep' });
    expect(decide(waiting(5 * MIN), at(15 * MIN))).toEqual({ kind: 'abandon' });
  });

  it('should count from the chat start when no sighting was ever recorded', () => {
    expect(decide(waiting(null, 2 * MIN), at(12 * MIN - 1))).toEqual({ kind: 'keep' });
    expect(decide(waiting(null, 2 * MIN), at(12 * MIN))).toEqual({ kind: 'abandon' });
  });

  it('should never be abandoned while the client keeps being seen (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 24 * 60 * MIN }), fc.integer({ min: 0, max: PRESENCE_STALE_MS - 1 }), (nowMs, sinceSeen) => {
        expect(decide(waiting(nowMs - sinceSeen, 0), at(nowMs)).kind).toBe('keep');
      }),
    );
  });

  it('should decide abandon exactly when 10 minutes passed since the last sighting, and stay so later (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 * MIN }), fc.integer({ min: 0, max: 60 * MIN }), fc.integer({ min: 0, max: 60 * MIN }), (seen, after, later) => {
        const facts = waiting(seen);
        const first = decide(facts, at(seen + after)).kind;
        expect(first).toBe(after >= ABANDON_AFTER_MS ? 'abandon' : 'keep');
        if (first === 'abandon') expect(decide(facts, at(seen + after + later)).kind).toBe('abandon');
      }),
    );
  });
});

describe('chat with a lawyer', () => {
  it('should go through the stages after the unanswered lawyer message once the client is gone', () => {
    // The client left before the lawyer wrote: the count starts with the lawyer's message.
    const facts = active(0, 5 * MIN);
    const stageAt = (ms: number) => inactivityStage(facts, at(5 * MIN + ms));
    expect(stageAt(0)).toBe('waitingForAnswer');
    expect(stageAt(179_999)).toBe('waitingForAnswer');
    expect(stageAt(180_000)).toBe('stage1');
    expect(stageAt(239_999)).toBe('stage1');
    expect(stageAt(240_000)).toBe('stage2');
    expect(stageAt(269_999)).toBe('stage2');
    expect(stageAt(270_000)).toBe('expired');
    expect(decide(facts, at(5 * MIN + 269_999))).toEqual({ kind: 'keep' });
    expect(decide(facts, at(5 * MIN + 270_000))).toEqual({ kind: 'timeout' });
  });

  it('should count from when the client left if that came after the lawyer message (its own dialog was in charge until then)', () => {
    const facts = active(10 * MIN, 5 * MIN);
    expect(decide(facts, at(10 * MIN + INACTIVITY_TIMEOUT_MS - 1))).toEqual({ kind: 'keep' });
    expect(decide(facts, at(10 * MIN + INACTIVITY_TIMEOUT_MS))).toEqual({ kind: 'timeout' });
  });

  it('should keep the chat while the client is connected, however long the lawyer message waits (its own timer decides) (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 * MIN }),
        fc.integer({ min: 0, max: PRESENCE_STALE_MS - 1 }),
        fc.integer({ min: 0, max: 24 * 60 * MIN }),
        (nowMs, sinceSeen, lawyerAge) => {
          const facts = active(nowMs - sinceSeen, nowMs - lawyerAge);
          expect(inactivityStage(facts, at(nowMs))).toBe('none');
          expect(decide(facts, at(nowMs)).kind).toBe('keep');
        },
      ),
    );
  });

  it('should keep a chat without an unanswered lawyer message, whoever is gone (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 24 * 60 * MIN })), fc.integer({ min: 0, max: 48 * 60 * MIN }), (seen, nowMs) => {
        expect(decide(active(seen, null), at(nowMs)).kind).toBe('keep');
      }),
    );
  });

  it('should time out exactly 270 s after the later of lawyer message and last sighting (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * MIN }),
        fc.integer({ min: 0, max: 60 * MIN }),
        fc.integer({ min: 0, max: 30 * MIN }),
        (seen, lawyer, after) => {
          const facts = active(seen, lawyer);
          const since = Math.max(seen, lawyer);
          expect(decide(facts, at(since + after)).kind).toBe(after >= INACTIVITY_TIMEOUT_MS ? 'timeout' : 'keep');
        },
      ),
    );
  });

  it('should start the count again when the client comes back in time (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INACTIVITY_TIMEOUT_MS - 1 }), fc.integer({ min: 0, max: INACTIVITY_TIMEOUT_MS - 1 }), (away, afterReturn) => {
        // Lawyer wrote at 0, the client was gone until `away` and then seen again: nothing is due before the count from
        // its return ran out.
        expect(decide(active(away, 0), at(away + afterReturn)).kind).toBe('keep');
      }),
    );
  });

  it('should never abandon a chat that a lawyer holds', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 60 * MIN })),
        fc.option(fc.integer({ min: 0, max: 60 * MIN })),
        fc.integer({ min: 0, max: 24 * 60 * MIN }),
        (seen, lawyer, nowMs) => {
          expect(decide(active(seen, lawyer), at(nowMs)).kind).not.toBe('abandon');
        },
      ),
    );
  });
});
