// The case-file PIN is the last four digits of the client's phone number.
import { invalid, valid, type Validation } from './validationResult.js';
import { ValidationKeys } from './validationKeys.js';

export const PIN_LENGTH = 4;

declare const pinBrand: unique symbol;
/** A string that passed validatePin; only that function produces it. */
export type Pin = string & { readonly [pinBrand]: true };

const PIN_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`);

/** Validates a PIN: required, exactly four ASCII digits; otherwise 'Error.PinHint'. Pure. */
export function validatePin(input: string): Validation<Pin> {
  return PIN_PATTERN.test(input) ? valid(input as Pin) : invalid(ValidationKeys.PinHint);
}

/** What the PIN field keeps of typed or pasted text: digits only, at most four. */
export function pinInputValue(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PIN_LENGTH);
}
