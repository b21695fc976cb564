import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validatePhoneNumber as validate } from './phone.js';
import { libphonenumberPlan } from './libphonenumberPlan.js';

const validatePhoneNumber = (input: string) => validate(input, libphonenumberPlan);

// Berlin landline numbers: 030 plus an 8-digit subscriber number starting 2–9.
const berlinSubscriber = fc.stringMatching(/^[2-9]\d{7}$/);

describe('validatePhoneNumber', () => {
  it('should read national numbers as German and return E.164', () => {
    fc.assert(
      fc.property(berlinSubscriber, fc.constantFrom('030 ', '030/', '(030) ', '+49 30 ', '0049 30 '), (subscriber, prefix) => {
        const result = validatePhoneNumber(prefix + subscriber);
        expect(result).toEqual({ ok: true, value: expect.objectContaining({ e164: `+4930${subscriber}` }) });
      }),
    );
  });

  it('should show a German number in national format and keep the international one', () => {
    expect(validatePhoneNumber('0151 23456789')).toEqual({
      ok: true,
      value: { e164: '+4915123456789', international: '+49 151 23456789', display: '0151 23456789' },
    });
  });

  it('should group every German mobile number after its three-digit network prefix, as it was typed', () => {
    for (const [typed, display, international] of [
      ['0151 98765432', '0151 98765432', '+49 151 98765432'],
      ['0170/1234567', '0170 1234567', '+49 170 1234567'],
      ['+49 176 12345678', '0176 12345678', '+49 176 12345678'],
      ['0160 9876543', '0160 9876543', '+49 160 9876543'],
    ] as const) {
      expect(validatePhoneNumber(typed)).toMatchObject({ ok: true, value: { display, international } });
    }
    // Landlines keep libphonenumber's grouping of the area code.
    expect(validatePhoneNumber('030 12345678')).toMatchObject({ ok: true, value: { display: '030 12345678' } });
  });

  it('should show a foreign number in international format', () => {
    expect(validatePhoneNumber('+43 1 5124567')).toMatchObject({ ok: true, value: { display: '+43 1 5124567' } });
  });

  it('should accept a foreign number given with country code', () => {
    expect(validatePhoneNumber('+43 1 5124567')).toMatchObject({ ok: true, value: { e164: '+4315124567' } });
  });

  it('should reject text with letters even when a number is inside', () => {
    expect(validatePhoneNumber('ruf an: 030 12345678')).toEqual({ ok: false, errorKey: 'Chat.EnterValidPhoneNumber' });
  });

  it('should reject too short, empty and impossible numbers', () => {
    for (const input of ['', '   ', '030', '12', '+49 0000 1', '++49 30 12345678']) {
      expect(validatePhoneNumber(input)).toEqual({ ok: false, errorKey: 'Chat.EnterValidPhoneNumber' });
    }
  });

  it('should reject any input that contains a letter', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', 'x', 'ß', '@'), fc.string(), (before, letter, after) => {
        expect(validatePhoneNumber(before + letter + after).ok).toBe(false);
      }),
    );
  });
});
