import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../wire/index.js';
import { mergeMessages } from './workspaceState.js';

const message = (n: number): ChatMessage => ({
  Id: `m-${n}`,
  Message: `Text ${n}`,
  Type: 2,
  Author: null,
  Created: new Date(Date.UTC(2026, 10, 22, 10, 0, n % 60, Math.floor(n / 60))).toISOString(),
});

describe('mergeMessages (history re-reads and live events in any interleaving)', () => {
  it('should show every message exactly once, in creation order, however history and live deliveries overlap', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.boolean(), fc.nat()), { maxLength: 60 }),
        (ids, deliveries) => {
          const all = ids.map(message);
          // Each step is either one live message (maybe a repeat) or a history read of a prefix.
          let shown: readonly ChatMessage[] = [];
          for (const [isHistory, pick] of deliveries) {
            const live = all[pick % all.length] as ChatMessage;
            const sorted = [...all].sort((a, b) => a.Created.localeCompare(b.Created));
            shown = mergeMessages(shown, isHistory ? sorted.slice(0, pick % (all.length + 1)) : [live]);
          }
          // The final re-read after a reconnect fills every gap.
          shown = mergeMessages(shown, all);
          expect(shown.map((m) => m.Id).sort()).toEqual(all.map((m) => m.Id).sort());
          expect(new Set(shown.map((m) => m.Id)).size).toBe(shown.length);
          const created = shown.map((m) => m.Created);
          expect(created).toEqual([...created].sort());
        },
      ),
    );
  });

  it('should return the same array when nothing is new (no needless re-render)', () => {
    const current = [message(1), message(2)];
    expect(mergeMessages(current, [message(2)])).toBe(current);
  });
});
