import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sendsOnEnter } from './enterToSend.js';

const base = { key: 'Enter', shiftKey: false, lawyerConnected: true, enterToSendDisabled: false };

describe('sendsOnEnter', () => {
  it('should send on plain Enter once a lawyer is connected', () => {
    expect(sendsOnEnter(base)).toBe(true);
  });

  it('should insert a line break with Shift, before a lawyer joined, when disabled or while composing', () => {
    expect(sendsOnEnter({ ...base, shiftKey: true })).toBe(false);
    expect(sendsOnEnter({ ...base, lawyerConnected: false })).toBe(false);
    expect(sendsOnEnter({ ...base, enterToSendDisabled: true })).toBe(false);
    expect(sendsOnEnter({ ...base, isComposing: true })).toBe(false);
  });

  it('should never send for any other key', () => {
    fc.assert(
      fc.property(
        fc.string().filter((k) => k !== 'Enter'),
        fc.boolean(),
        fc.boolean(),
        (key, shiftKey, lawyerConnected) => {
          expect(sendsOnEnter({ ...base, key, shiftKey, lawyerConnected })).toBe(false);
        },
      ),
    );
  });
});
