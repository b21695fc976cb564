// Phone numbers for callbacks, the second level and case files. The numbering plan is a
// port (PhoneNumberPlan) so that core stays synchronous here while the web app loads it lazily.
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { invalid, valid, type Validation } from './validationResult.js';
import { ValidationKeys } from './validationKeys.js';

export const DEFAULT_PHONE_REGION = 'DE';

/** A validated phone number: E.164 for machines, international and display formats for people. */
export interface ValidPhoneNumber {
  readonly e164: string;
  readonly international: string;
  /** National format ("0151 23456789") for numbers of the default region, international otherwise. */
  readonly display: string;
}

// libphonenumber extracts numbers from arbitrary text ("ruf 030 123"); a form field must
// contain nothing but the number itself.
const PHONE_CHARACTERS = /^\+?[\d\s\-/().]+$/;

/** Whether the text could be a phone number at all (characters only); needs no numbering plan. */
export function looksLikePhoneNumber(input: string): boolean {
  return PHONE_CHARACTERS.test(input.trim());
}

/** Validates a phone number (national numbers read as German). Returns 'Chat.EnterValidPhoneNumber' on failure. Pure. */
export function validatePhoneNumber(input: string, plan: PhoneNumberPlan, region: string = DEFAULT_PHONE_REGION): Validation<ValidPhoneNumber> {
  const text = input.trim();
  if (!PHONE_CHARACTERS.test(text)) return invalid(ValidationKeys.EnterValidPhoneNumber);
  const parsed = plan.parse(text, region);
  if (parsed === undefined || !parsed.valid) return invalid(ValidationKeys.EnterValidPhoneNumber);
  const { international } = parsed;
  return valid({ e164: parsed.e164, international, display: parsed.region === region ? parsed.national : international });
}
