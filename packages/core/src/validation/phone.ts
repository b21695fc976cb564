// SPEC §5: phone numbers for callbacks and the second level. libphonenumber-js with the
// "max" metadata checks the real numbering plan (not only the length), so typos in an
// area code are caught before a lawyer tries to call.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { invalid, valid, type Validation } from './validationResult.js';
import { ValidationKeys } from './validationKeys.js';

export const DEFAULT_PHONE_REGION: CountryCode = 'DE';

/** A validated phone number: E.164 for machines, international and display formats for people. */
export interface ValidPhoneNumber {
  readonly e164: string;
  readonly international: string;
  /** National format ("01512 3456789") for numbers of the default region, international otherwise. */
  readonly display: string;
}

// libphonenumber extracts numbers from arbitrary text ("ruf 030 123"); a form field must
// contain nothing but the number itself.
const PHONE_CHARACTERS = /^\+?[\d\s\-/().]+$/;

/** Validates a phone number (national numbers read as German). Returns 'Chat.EnterValidPhoneNumber' on failure. Pure. */
export function validatePhoneNumber(input: string, region: CountryCode = DEFAULT_PHONE_REGION): Validation<ValidPhoneNumber> {
  const text = input.trim();
  if (!PHONE_CHARACTERS.test(text)) return invalid(ValidationKeys.EnterValidPhoneNumber);
  const parsed = parsePhoneNumberFromString(text, region);
  if (parsed === undefined || !parsed.isValid()) return invalid(ValidationKeys.EnterValidPhoneNumber);
  const international = parsed.formatInternational();
  return valid({ e164: parsed.number, international, display: parsed.country === region ? parsed.formatNational() : international });
}
