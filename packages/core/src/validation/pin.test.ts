import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PIN_LENGTH, pinInputValue, validatePin } from './pin.js';

describe('validatePin', () => {
  it('should accept exactly four digits', () => {
    expect(PIN_LENGTH).toBe(4);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4}$/), (pin) => {
        expect(validatePin(pin)).toEqual({ ok: true, value: pin });
      }),
    );
  });

  it('should reject any other digit count with Error.PinHint', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,12}$/).filter((s) => s.length !== 4),
        (pin) => {
          expect(validatePin(pin)).toEqual({ ok: false, errorKey: 'Error.PinHint' });
        },
      ),
    );
  });

  it('should reject four characters that are not all ASCII digits', () => {
    for (const pin of ['12a4', ' 123', '١٢٣٤', '12.4', '１２３４']) {
      expect(validatePin(pin)).toEqual({ ok: false, errorKey: 'Error.PinHint' });
    }
  });
});

describe('pinInputValue', () => {
  it('should read the digits of an Arabic, Persian or full-width keyboard as 0–9 instead of dropping them', () => {
    expect(pinInputValue('٠١٢٣')).toBe('0123');
    expect(pinInputValue('۴۵۶۷')).toBe('4567');
    expect(pinInputValue('１２３４')).toBe('1234');
    expect(pinInputValue('९८७६')).toBe('9876');
    expect(pinInputValue('1٢3۴')).toBe('1234');
  });

  it('should keep at most four digits of typed or pasted text', () => {
    expect(pinInputValue('12 34 56')).toBe('1234');
    expect(pinInputValue('a1b')).toBe('1');
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const kept = pinInputValue(raw);
        expect(kept.length).toBeLessThanOrEqual(PIN_LENGTH);
        expect(kept).toMatch(/^\d*$/);
      }),
    );
  });
});
