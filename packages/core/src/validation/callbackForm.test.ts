import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { callbackAvailabilityText, callbackFormErrors, validateCallbackForm } from './callbackForm.js';
import { libphonenumberPlan as plan } from './libphonenumberPlan.js';
import { CALLBACK_FAILED_KEY, VALIDATION_MESSAGE_KEYS } from './validationKeys.js';

const today = '2026-11-22';
const futureDate = fc.integer({ min: 0, max: 3000 }).map((days) => new Date(Date.UTC(2026, 10, 22 + days)).toISOString().slice(0, 10));
const pastDate = fc.integer({ min: 1, max: 3000 }).map((days) => new Date(Date.UTC(2026, 10, 22 - days)).toISOString().slice(0, 10));
const slot = fc.constantFrom('Availability1', 'Availability2');

describe('validateCallbackForm', () => {
  it('should accept a valid phone, today or a later date and a known slot', () => {
    fc.assert(
      fc.property(futureDate, slot, (date, s) => {
        const result = validateCallbackForm({ phone: '030 12345678', date, slot: s }, today, plan);
        expect(result).toEqual({
          ok: true,
          value: { phone: { e164: '+493012345678', international: '+49 30 12345678', display: '030 12345678' }, date, slot: s },
        });
      }),
    );
  });

  it('should reject dates before today', () => {
    fc.assert(
      fc.property(pastDate, slot, (date, s) => {
        expect(validateCallbackForm({ phone: '030 12345678', date, slot: s }, today, plan)).toEqual({ ok: false, errorKey: 'Chat.CallbackDateInPast' });
      }),
    );
  });

  it('should require the phone before anything else', () => {
    expect(validateCallbackForm({ phone: ' ', date: '', slot: '' }, today, plan)).toEqual({ ok: false, errorKey: 'Chat.PhoneRequired' });
    expect(validateCallbackForm({ phone: '123', date: today, slot: 'Availability1' }, today, plan)).toEqual({
      ok: false,
      errorKey: 'Chat.EnterValidPhoneNumber',
    });
  });

  it('should reject a missing or impossible date and an unknown slot', () => {
    expect(validateCallbackForm({ phone: '030 12345678', date: '2026-02-30', slot: 'Availability1' }, today, plan)).toEqual({
      ok: false,
      errorKey: 'Chat.CallbackDateRequired',
    });
    expect(validateCallbackForm({ phone: '030 12345678', date: today, slot: 'Availability3' }, today, plan)).toEqual({
      ok: false,
      errorKey: 'Chat.CallbackSlotRequired',
    });
  });

  it('should list every failing field at once', () => {
    expect(callbackFormErrors({ phone: '', date: '2020-01-01', slot: '' }, today)).toEqual({
      phone: 'Chat.PhoneRequired',
      date: 'Chat.CallbackDateInPast',
      slot: 'Chat.CallbackSlotRequired',
    });
    expect(callbackFormErrors({ phone: '030 12345678', date: today, slot: 'Availability2' }, today)).toEqual({});
  });

  it('should check the phone against the plan only when it is given', () => {
    const form = { phone: '030 1', date: today, slot: 'Availability2' };
    expect(callbackFormErrors(form, today)).toEqual({});
    expect(callbackFormErrors(form, today, plan)).toEqual({ phone: 'Chat.EnterValidPhoneNumber' });
    expect(callbackFormErrors({ ...form, phone: 'ruf 030' }, today)).toEqual({ phone: 'Chat.EnterValidPhoneNumber' });
  });
});

describe('callbackAvailabilityText', () => {
  it('should join the German medium date and the slot text', () => {
    expect(callbackAvailabilityText('2026-11-24', '08:00–12:00 Uhr')).toBe('24.11.2026, 08:00–12:00 Uhr');
  });
});

describe('VALIDATION_MESSAGE_KEYS', () => {
  it('should include the server-side callback failure key and the keys of the form rules', () => {
    expect(CALLBACK_FAILED_KEY).toBe('Chat.CallbackFailed');
    expect(VALIDATION_MESSAGE_KEYS).toEqual(
      expect.arrayContaining([
        'Chat.CallbackFailed',
        'Chat.MinLength',
        'Chat.EnterValidEmail',
        'Chat.EnterValidPhoneNumber',
        'Error.Privacy',
        'Error.TermsOfService',
        'Error.NotAuthenticated',
      ]),
    );
  });
});
