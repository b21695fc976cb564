// Hub calls keep sessions alive; touches that fall due together are written together.
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { isPrincipalActive, sessionActivity } from '../src/platform/hubCalls/sessionActivity.js';

function fakeContext(now: { ms: number }) {
  const writes: [string, string[]][] = [];
  const ctx = {
    clock: { now: () => new Date(now.ms) },
    sessions: {
      touchSubjects: async (kind: string, ids: readonly string[]) => void writes.push([kind, [...ids].sort()]),
      touchSessions: async (kind: string, refs: readonly string[]) => void writes.push([`${kind} sessions`, [...refs].sort()]),
      touchBrowsers: async (kind: string, keys: readonly string[]) => void writes.push([`${kind} browsers`, [...keys].sort()]),
    },
    logger: { warn: () => undefined },
  } as unknown as AppContext;
  return { ctx, writes };
}

const nextRound = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('session activity from hub calls', () => {
  it('should write the touches of one event-loop round in one statement per session kind', async () => {
    const now = { ms: Date.parse('2026-11-23T10:00:00Z') };
    const { ctx, writes } = fakeContext(now);
    const touch = sessionActivity(ctx);
    touch({ principal: { kind: 'participant', id: 'p1' } });
    touch({ principal: { kind: 'participant', id: 'p2' } });
    touch({ principal: { kind: 'lawyer', id: 'l1' } });
    expect(writes).toEqual([]);
    await nextRound();
    expect(writes).toEqual([
      ['chat', ['p1', 'p2']],
      ['lawyer', ['l1']],
      // A participant's web-origin sessions too: the offboarding after the chat calls the web origin.
      ['web', ['p1', 'p2']],
    ]);
  });

  it("should touch only the session a lawyer's connection was opened with, and a participant's browser, once a minute each", async () => {
    const now = { ms: Date.parse('2026-11-23T10:00:00Z') };
    const { ctx, writes } = fakeContext(now);
    const touch = sessionActivity(ctx);
    touch({ principal: { kind: 'lawyer', id: 'l1' }, session: 'hash-a' });
    touch({ principal: { kind: 'lawyer', id: 'l1' }, session: 'hash-b' });
    touch({ principal: { kind: 'participant', id: 'p1' }, session: 'browser:k1' });
    touch({ principal: { kind: 'lawyer', id: 'l1' }, session: 'hash-a' });
    await nextRound();
    expect(writes).toEqual([
      // The participant's chat and web-origin sessions of that browser only, not the person's other devices'.
      ['chat browsers', ['k1']],
      ['lawyer sessions', ['hash-a', 'hash-b']],
      ['web browsers', ['k1']],
    ]);
  });

  it('should touch a principal at most once a minute', async () => {
    const now = { ms: Date.parse('2026-11-23T10:00:00Z') };
    const { ctx, writes } = fakeContext(now);
    const touch = sessionActivity(ctx);
    touch({ principal: { kind: 'participant', id: 'p1' } });
    await nextRound();
    now.ms += 59_000;
    touch({ principal: { kind: 'participant', id: 'p1' } });
    await nextRound();
    expect(writes).toHaveLength(2);
    now.ms += 1_000;
    touch({ principal: { kind: 'participant', id: 'p1' } });
    await nextRound();
    expect(writes).toEqual([
      ['chat', ['p1']],
      ['web', ['p1']],
      ['chat', ['p1']],
      ['web', ['p1']],
    ]);
  });

  it('should answer the revalidation of many principals in one round with one query per session kind', async () => {
    const queries: [string, string[]][] = [];
    const live = new Set(['p1', 'l1']);
    const ctx = {
      sessions: {
        liveSubjects: async (kind: string, ids: readonly string[]) => {
          queries.push([kind, [...ids].sort()]);
          return new Set(ids.filter((id) => live.has(id)));
        },
      },
    } as unknown as AppContext;
    const isActive = isPrincipalActive(ctx);
    const answers = await Promise.all([
      isActive({ kind: 'participant', id: 'p1' }),
      isActive({ kind: 'participant', id: 'p2' }),
      isActive({ kind: 'lawyer', id: 'l1' }),
      isActive({ kind: 'participant', id: 'p1' }),
    ]);
    expect(answers).toEqual([true, false, true, true]);
    expect(queries).toEqual([
      ['chat', ['p1', 'p2']],
      ['lawyer', ['l1']],
    ]);
  });

  it('should fail every question of a round when the query fails, so the hub keeps those connections', async () => {
    const ctx = { sessions: { liveSubjects: async () => Promise.reject(new Error('database down')) } } as unknown as AppContext;
    const isActive = isPrincipalActive(ctx);
    const outcomes = await Promise.allSettled([isActive({ kind: 'participant', id: 'p1' }), isActive({ kind: 'participant', id: 'p2' })]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
