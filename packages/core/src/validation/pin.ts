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

/**
 * The zero of each run of decimal digits a phone keyboard may type instead of 0–9: Arabic-Indic (an Arabic system
 * language), Extended Arabic-Indic (Persian, Urdu), Devanagari, Bengali and the full-width digits of a Japanese or
 * Chinese input method.
 */
const OTHER_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0xff10];

function asciiDigit(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const zero = OTHER_ZEROS.find((z) => code >= z && code <= z + 9);
  return zero === undefined ? char : String(code - zero);
}

/** What the PIN field keeps of typed or pasted text: digits only (those above read as 0–9), at most four. */
export function pinInputValue(raw: string): string {
  return raw
    .replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\uff10-\uff19]/g, asciiDigit)
    .replace(/\D/g, '')
    .slice(0, PIN_LENGTH);
}
