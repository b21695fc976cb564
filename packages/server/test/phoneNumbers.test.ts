// One phone-number reading for the whole server (platform/phone.ts, libphonenumber-js, region DE).
import { describe, expect, it } from 'vitest';
import { internationalDigits, maskedPhoneNumber, normalizePhoneNumber, pinFromPhone } from '../src/platform/phone.js';

describe('normalizePhoneNumber', () => {
  it.each([
    ['+49 151 23456789', '+4915123456789'],
    ['0151 23456789', '+4915123456789'],
    ['0151/23456789', '+4915123456789'],
    ['0049 (151) 234-567-89', '+4915123456789'],
    ['030 1234567', '+49301234567'],
    ['  +49 30 1234567 ', '+49301234567'],
    ['+43 664 1234567', '+436641234567'],
    ['+41 44 668 18 00', '+41446681800'],
  ])('should read %j as %s', (input, e164) => {
    expect(normalizePhoneNumber(input)).toBe(e164);
  });

  it.each(['', '12345', '+49 abc 123456', 'ruf 030 1234567 an', `+${'1'.repeat(19)}`, `0${'1'.repeat(45)}`, '+49 30 12'])('should refuse %j', (input) => {
    expect(normalizePhoneNumber(input)).toBeUndefined();
  });
});

describe('case-file PIN and masking', () => {
  it('should derive PIN and masked number from the same digits however the number was typed', () => {
    for (const typed of ['+49 151 23456789', '0151 2345 6789', '0049151/23456789']) {
      const digits = internationalDigits(typed) ?? '';
      expect(pinFromPhone(digits)).toBe('6789');
      expect(maskedPhoneNumber(typed)).toBe('+49 151 ••• 45••••');
    }
  });

  it('should show nothing of a number it cannot read', () => {
    expect(maskedPhoneNumber('unbekannt')).toBe('••••');
  });
});
