import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  callbackAvailabilityEnd,
  callbackAvailabilityText,
  callbackFormErrors,
  earliestCallbackDate,
  offeredCallbackSlots,
  validateCallbackForm,
} from './callbackForm.js';
import { libphonenumberPlan as plan } from './libphonenumberPlan.js';
import { CALLBACK_FAILED_KEY, VALIDATION_MESSAGE_KEYS } from './validationKeys.js';

const today = '2026-11-22';
/** A Berlin wall-clock time of 22 November 2026 (CET, UTC+1) as epoch ms. */
const berlin = (time: string, date = today, offset = '+01:00') => Date.parse(`${date}T${time}:00${offset}`);
/** 09:00 in Berlin: both windows of today are still to come. */
const now = berlin('09:00');
const futureDate = fc.integer({ min: 0, max: 3000 }).map((days) => new Date(Date.UTC(2026, 10, 22 + days)).toISOString().slice(0, 10));
const pastDate = fc.integer({ min: 1, max: 3000 }).map((days) => new Date(Date.UTC(2026, 10, 22 - days)).toISOString().slice(0, 10));
const slot = fc.constantFrom('Availability1', 'Availability2');

describe('validateCallbackForm', () => {
  it('should accept a valid phone, today or a later date and a known slot', () => {
    fc.assert(
      fc.property(futureDate, slot, (date, s) => {
        const result = validateCallbackForm({ phone: '030 12345678', date, slot: s }, now, plan);
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
        expect(validateCallbackForm({ phone: '030 12345678', date, slot: s }, now, plan)).toEqual({ ok: false, errorKey: 'Chat.CallbackDateInPast' });
      }),
    );
  });

  it('should require the phone before anything else', () => {
    expect(validateCallbackForm({ phone: ' ', date: '', slot: '' }, now, plan)).toEqual({ ok: false, errorKey: 'Chat.PhoneRequired' });
    expect(validateCallbackForm({ phone: '123', date: today, slot: 'Availability1' }, now, plan)).toEqual({
      ok: false,
      errorKey: 'Chat.EnterValidPhoneNumber',
    });
  });

  it('should reject a missing or impossible date and an unknown slot', () => {
    expect(validateCallbackForm({ phone: '030 12345678', date: '2026-02-30', slot: 'Availability1' }, now, plan)).toEqual({
      ok: false,
      errorKey: 'Chat.CallbackDateRequired',
    });
    expect(validateCallbackForm({ phone: '030 12345678', date: today, slot: 'Availability3' }, now, plan)).toEqual({
      ok: false,
      errorKey: 'Chat.CallbackSlotRequired',
    });
  });

  it('should list every failing field at once', () => {
    expect(callbackFormErrors({ phone: '', date: '2020-01-01', slot: '' }, now)).toEqual({
      phone: 'Chat.PhoneRequired',
      date: 'Chat.CallbackDateInPast',
      slot: 'Chat.CallbackSlotRequired',
    });
    expect(callbackFormErrors({ phone: '030 12345678', date: today, slot: 'Availability2' }, now)).toEqual({});
  });

  it('should check the phone against the plan only when it is given', () => {
    const form = { phone: '030 1', date: today, slot: 'Availability2' };
    expect(callbackFormErrors(form, now)).toEqual({});
    expect(callbackFormErrors(form, now, plan)).toEqual({ phone: 'Chat.EnterValidPhoneNumber' });
    expect(callbackFormErrors({ ...form, phone: 'ruf 030' }, now)).toEqual({ phone: 'Chat.EnterValidPhoneNumber' });
  });
});

describe('time windows that have ended', () => {
  const form = (date: string, slot: string) => ({ phone: '030 12345678', date, slot });

  it('should refuse a window of today once it has ended in Berlin, and accept one that runs now', () => {
    // "vormittags (8–12 Uhr)" booked for today at 16:13: the lawyers would have listed a callback already missed.
    expect(validateCallbackForm(form(today, 'Availability1'), berlin('16:13'), plan)).toEqual({ ok: false, errorKey: 'Chat.CallbackSlotPassed' });
    expect(validateCallbackForm(form(today, 'Availability1'), berlin('12:00'), plan)).toEqual({ ok: false, errorKey: 'Chat.CallbackSlotPassed' });
    expect(validateCallbackForm(form(today, 'Availability1'), berlin('11:59'), plan)).toMatchObject({ ok: true });
    expect(validateCallbackForm(form(today, 'Availability2'), berlin('16:13'), plan)).toMatchObject({ ok: true });
    expect(validateCallbackForm(form(today, 'Availability2'), berlin('18:00'), plan)).toEqual({ ok: false, errorKey: 'Chat.CallbackSlotPassed' });
    // Tomorrow's morning is still to come, whatever the hour today.
    expect(validateCallbackForm(form('2026-11-23', 'Availability1'), berlin('23:59'), plan)).toMatchObject({ ok: true });
    expect(callbackFormErrors(form(today, 'Availability1'), berlin('16:13'))).toEqual({ slot: 'Chat.CallbackSlotPassed' });
    // A past day says so at the date, not at the window as well.
    expect(callbackFormErrors(form('2026-11-21', 'Availability1'), berlin('16:13'))).toEqual({ date: 'Chat.CallbackDateInPast' });
  });

  it('should read the hour in Berlin time, in summer time too, not in UTC', () => {
    // 10:30 UTC is 12:30 in Berlin in July (CEST): the morning is over although UTC says 10:30.
    const july = Date.parse('2026-07-01T10:30:00Z');
    expect(validateCallbackForm(form('2026-07-01', 'Availability1'), july, plan)).toEqual({ ok: false, errorKey: 'Chat.CallbackSlotPassed' });
    // 23:30 UTC on 30 June is already 1 July in Berlin: 30 June is past.
    expect(earliestCallbackDate(Date.parse('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('should offer today only the windows not yet over, any other day both', () => {
    expect(offeredCallbackSlots(today, berlin('09:00'))).toEqual(['Availability1', 'Availability2']);
    expect(offeredCallbackSlots(today, berlin('16:13'))).toEqual(['Availability2']);
    expect(offeredCallbackSlots(today, berlin('18:00'))).toEqual([]);
    expect(offeredCallbackSlots('2026-11-23', berlin('18:00'))).toEqual(['Availability1', 'Availability2']);
    expect(offeredCallbackSlots('', berlin('18:00'))).toEqual(['Availability1', 'Availability2']);
  });

  it('should start at today while a window is left and at tomorrow after 18:00', () => {
    expect(earliestCallbackDate(berlin('17:59'))).toBe(today);
    expect(earliestCallbackDate(berlin('18:00'))).toBe('2026-11-23');
    expect(earliestCallbackDate(berlin('18:00', '2026-12-31'))).toBe('2027-01-01');
  });
});

describe('callbackAvailabilityEnd', () => {
  it('should end at the end of the window the text names, in Berlin time', () => {
    expect(callbackAvailabilityEnd('22.11.2026, 08:00–12:00 Uhr')).toBe(berlin('12:00'));
    expect(callbackAvailabilityEnd(callbackAvailabilityText('2026-07-01', '12:00–18:00 Uhr'))).toBe(Date.parse('2026-07-01T18:00:00+02:00'));
    expect(callbackAvailabilityEnd(' 22.11.2026, 9:00 - 11:30 Uhr')).toBe(berlin('11:30'));
  });

  it('should end a day without a window at its midnight, and place free text nowhere', () => {
    expect(callbackAvailabilityEnd('22.11.2026')).toBe(berlin('00:00', '2026-11-23'));
    expect(callbackAvailabilityEnd('morgen vormittags')).toBeNull();
    expect(callbackAvailabilityEnd('30.02.2026, 08:00–12:00 Uhr')).toBeNull();
    expect(callbackAvailabilityEnd('Telefonische Weiterberatung nach dem Chat')).toBeNull();
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
