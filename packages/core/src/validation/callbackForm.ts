// The callback form in the lawyer queue. "now" is injected as an instant (scheduler.now(), the server's Clock) and
// read in Europe/Berlin, so the rules are pure and testable at any hour.
import { AvailabilitySlotValues, type AvailabilitySlot } from '../wire/chat.js';
import { berlinInstant } from '../time/berlinTime.js';
import { berlinDateOf, isIsoCalendarDate, germanMediumDate, type IsoCalendarDate } from './berlinDate.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { looksLikePhoneNumber, validatePhoneNumber, type ValidPhoneNumber } from './phone.js';
import { ValidationKeys } from './validationKeys.js';
import { invalid, valid, type Validation } from './validationResult.js';

export interface CallbackFormInput {
  readonly phone: string;
  /** 'YYYY-MM-DD' from the date picker. */
  readonly date: string;
  readonly slot: string;
}

export interface ValidCallbackForm {
  readonly phone: ValidPhoneNumber;
  readonly date: IsoCalendarDate;
  readonly slot: AvailabilitySlot;
}

/** Per-field i18n keys; a field is absent when it is fine. */
export interface CallbackFormErrors {
  readonly phone?: string;
  readonly date?: string;
  readonly slot?: string;
}

function isSlot(value: string): value is AvailabilitySlot {
  return (AvailabilitySlotValues as readonly string[]).includes(value);
}

/** The Berlin hour each slot ends: Availability1 08–12 Uhr, Availability2 12–18 Uhr (CALLBACK_SLOT_TEXT). */
const SLOT_END_HOUR: Readonly<Record<AvailabilitySlot, number>> = { Availability1: 12, Availability2: 18 };

/** The instant a slot of a (valid) day ends, Berlin time. */
function slotEnd(date: IsoCalendarDate, slot: AvailabilitySlot): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return berlinInstant(year, month, day, SLOT_END_HOUR[slot], 0);
}

/**
 * The slots the form offers for a day: today only those that have not ended yet (one that runs now still counts);
 * any other day all of them (a past day is refused as a whole, by the date's rule). Pure.
 */
export function offeredCallbackSlots(date: string, now: number): readonly AvailabilitySlot[] {
  if (date !== berlinDateOf(now)) return AvailabilitySlotValues;
  return AvailabilitySlotValues.filter((slot) => slotEnd(date, slot) > now);
}

/** The first day with a slot left: today, or tomorrow once today's last slot has ended (after 18:00 Berlin time). Pure. */
export function earliestCallbackDate(now: number): IsoCalendarDate {
  const today = berlinDateOf(now);
  if (offeredCallbackSlots(today, now).length > 0) return today;
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function phoneResult(phone: string, plan: PhoneNumberPlan): Validation<ValidPhoneNumber> {
  return phone.trim() === '' ? invalid(ValidationKeys.PhoneRequired) : validatePhoneNumber(phone, plan);
}

/** Without the plan only what needs none: required and the characters. */
function phoneError(phone: string, plan: PhoneNumberPlan | null): string | undefined {
  if (plan !== null) return errorOf(phoneResult(phone, plan));
  if (phone.trim() === '') return ValidationKeys.PhoneRequired;
  return looksLikePhoneNumber(phone) ? undefined : ValidationKeys.EnterValidPhoneNumber;
}

function dateResult(date: string, today: IsoCalendarDate): Validation<IsoCalendarDate> {
  if (!isIsoCalendarDate(date)) return invalid(ValidationKeys.CallbackDateRequired);
  // ISO calendar dates compare correctly as strings.
  return date < today ? invalid(ValidationKeys.CallbackDateInPast) : valid(date);
}

/** Today's slot must not have ended; on other days only known slots count (a past day fails the date's rule). */
function slotResult(slot: string, date: string, now: number): Validation<AvailabilitySlot> {
  if (!isSlot(slot)) return invalid(ValidationKeys.CallbackSlotRequired);
  return offeredCallbackSlots(date, now).includes(slot) ? valid(slot) : invalid(ValidationKeys.CallbackSlotPassed);
}

function errorOf<A>(result: Validation<A>): string | undefined {
  return result.ok ? undefined : result.errorKey;
}

/**
 * Every failed rule of the callback form, per field. Pure. Without a plan (the view has none) the
 * phone is only checked for what needs no numbering plan; the controller's validateCallbackForm does the rest.
 */
export function callbackFormErrors(input: CallbackFormInput, now: number, plan: PhoneNumberPlan | null = null): CallbackFormErrors {
  const phone = phoneError(input.phone, plan);
  const date = errorOf(dateResult(input.date, berlinDateOf(now)));
  const slot = errorOf(slotResult(input.slot, input.date, now));
  return { ...(phone && { phone }), ...(date && { date }), ...(slot && { slot }) };
}

/**
 * Validates the callback form at `now` (epoch ms); the first failing field (phone, date, slot) gives the key: a day
 * before today, or today's slot once it has ended in Berlin, is refused. Pure.
 */
export function validateCallbackForm(input: CallbackFormInput, now: number, plan: PhoneNumberPlan): Validation<ValidCallbackForm> {
  const phone = phoneResult(input.phone, plan);
  if (!phone.ok) return phone;
  const date = dateResult(input.date, berlinDateOf(now));
  if (!date.ok) return date;
  const slot = slotResult(input.slot, input.date, now);
  if (!slot.ok) return slot;
  return valid({ phone: phone.value, date: date.value, slot: slot.value });
}

/** The callback's Availability text: German medium date plus the translated slot text. */
export function callbackAvailabilityText(date: IsoCalendarDate, slotText: string): string {
  return `${germanMediumDate(date)}, ${slotText}`;
}

// "24.11.2026" with an optional window ", 08:00–12:00" (en dash or hyphen) – what callbackAvailabilityText writes.
const AVAILABILITY = /^(\d{2})\.(\d{2})\.(\d{4})(?:,\s*\d{1,2}:\d{2}\s*[–-]\s*(\d{1,2}):(\d{2}))?/;

/**
 * When a callback's Availability text ends, Berlin time: the end of its window ("24.11.2026, 08:00–12:00 Uhr" → 12:00
 * that day), or the end of its day when it names no window; null when it does not start with an existing German date
 * (free text, which the server cannot place in time). The server refuses a request whose end has passed. Pure.
 */
export function callbackAvailabilityEnd(availability: string): number | null {
  const match = AVAILABILITY.exec(availability.trim());
  if (match === null) return null;
  const [, day = '', month = '', year = '', endHour, endMinute] = match;
  if (!isIsoCalendarDate(`${year}-${month}-${day}`)) return null;
  const [hour, minute] = endHour === undefined ? [24, 0] : [Number(endHour), Number(endMinute)];
  return berlinInstant(Number(year), Number(month), Number(day), hour, minute);
}
