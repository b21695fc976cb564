// What another tab may say about the shared session, checked before it counts.
import { describe, expect, it } from 'vitest';
import { parseSessionTabMessage } from './sessionTabs.js';

describe('parseSessionTabMessage', () => {
  it('should take an activity with its time and a sign-out with a known reason', () => {
    expect(parseSessionTabMessage({ type: 'activity', at: 1_700_000_000_000 })).toEqual({ type: 'activity', at: 1_700_000_000_000 });
    expect(['logout', 'idle', 'absolute'].map((reason) => parseSessionTabMessage({ type: 'signedOut', reason }))).toEqual([
      { type: 'signedOut', reason: 'logout' },
      { type: 'signedOut', reason: 'idle' },
      { type: 'signedOut', reason: 'absolute' },
    ]);
  });

  it('should ignore anything else (another script’s message, a broken time, an unknown reason)', () => {
    expect(
      [
        null,
        'activity',
        42,
        {},
        { type: 'activity', at: '5' },
        { type: 'activity', at: Number.NaN },
        { type: 'signedOut', reason: 'bored' },
        { type: 'x' },
      ].map(parseSessionTabMessage),
    ).toEqual([null, null, null, null, null, null, null, null]);
  });
});
