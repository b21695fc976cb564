// The callback form in the lawyer queue. "today" is injected as a Berlin calendar
// date (berlinDateOf(scheduler.now())) so the rule is pure and testable at any hour.
import { AvailabilitySlotValues, type AvailabilitySlot } from '../wire/chat.js';
import { isIsoCalendarDate, germanMediumDate, type IsoCalendarDate } from './berlinDate.js';
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

function slotResult(slot: string): Validation<AvailabilitySlot> {
  return isSlot(slot) ? valid(slot) : invalid(ValidationKeys.CallbackSlotRequired);
}

function errorOf<A>(result: Validation<A>): string | undefined {
  return result.ok ? undefined : result.errorKey;
}

/**
 * Every failed rule of the callback form, per field. Pure. Without a plan (the view has none) the
 * phone is only checked for what needs no numbering plan; the controller's validateCallbackForm does the rest.
 */
export function callbackFormErrors(input: CallbackFormInput, today: IsoCalendarDate, plan: PhoneNumberPlan | null = null): CallbackFormErrors {
  const phone = phoneError(input.phone, plan);
  const date = errorOf(dateResult(input.date, today));
  const slot = errorOf(slotResult(input.slot));
  return { ...(phone && { phone }), ...(date && { date }), ...(slot && { slot }) };
}

/** Validates the callback form; the first failing field (phone, date, slot) gives the key. Pure. */
export function validateCallbackForm(input: CallbackFormInput, today: IsoCalendarDate, plan: PhoneNumberPlan): Validation<ValidCallbackForm> {
  const phone = phoneResult(input.phone, plan);
  if (!phone.ok) return phone;
  const date = dateResult(input.date, today);
  if (!date.ok) return date;
  const slot = slotResult(input.slot);
  if (!slot.ok) return slot;
  return valid({ phone: phone.value, date: date.value, slot: slot.value });
}

/** The callback's Availability text: German medium date plus the translated slot text. */
export function callbackAvailabilityText(date: IsoCalendarDate, slotText: string): string {
  return `${germanMediumDate(date)}, ${slotText}`;
}
