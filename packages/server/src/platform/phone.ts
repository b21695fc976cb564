// Phone numbers once for the whole server, read by libphonenumber-js (the browser validates with the same
// library): callbacks and second-level numbers are stored as E.164, the case-file login derives its PIN
// (last four digits) and the masked visible part from the number on file.
import { createRequire } from 'node:module';
import type * as Libphonenumber from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import { germanMobileFormats } from '@rechtschat/core';

/**
 * libphonenumber-js and its metadata (about 2 MB of heap) are loaded with the first number read, not at start-up. The
 * "max" metadata, as the browser's plan (core libphonenumberPlan.ts): only it knows a number's type (the default
 * metadata answers no type for German numbers), which callback numbers need (`callbackPhoneNumber`); it costs about
 * 0.15 MB more heap and reads every number as the default one does.
 */
let library: typeof Libphonenumber | undefined;
const parsePhoneNumberFromString: (typeof Libphonenumber)['parsePhoneNumberFromString'] = (...args) =>
  (library ??= createRequire(import.meta.url)('libphonenumber-js/max') as typeof Libphonenumber).parsePhoneNumberFromString(...args);

/** National numbers (`0151 …`) are read as German. */
export const DEFAULT_PHONE_REGION: CountryCode = 'DE';

// libphonenumber extracts numbers from arbitrary text ("ruf 030 123 an"); a field holds nothing but the number.
const PHONE_CHARACTERS = /^\+?[\d\s\-/().]+$/;
/** PIN (four digits) plus a visible part of at least four digits; E.164 allows at most 15. */
const MIN_DIGITS = 8;
const MAX_DIGITS = 15;

/**
 * E.164 (`+4915123456789`) of a typed number: `+49 151 2345678`, `0049 (151) …` and national `0151/…` all
 * read the same. Undefined when the text is not a possible number for its country or has fewer than 8 digits.
 */
export function normalizePhoneNumber(input: string): string | undefined {
  const text = input.trim();
  if (text.length > 40 || !PHONE_CHARACTERS.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  if (parsed === undefined || !parsed.isPossible()) return undefined;
  const digits = parsed.number.length - 1;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS ? parsed.number : undefined;
}

/** Number types a lawyer's call would cost the firm extra for, per minute (0900, 0180, 0137 in Germany; UAN abroad). */
const NOT_CALLABLE_TYPES: ReadonlySet<string> = new Set(['PREMIUM_RATE', 'SHARED_COST', 'UAN']);

export type CallbackPhoneNumber = { readonly ok: true; readonly e164: string } | { readonly ok: false; readonly reason: 'invalid' | 'notCallable' };

/**
 * A number a lawyer is to call back (a callback request, the number after the chat): E.164 of a number the numbering
 * plan knows (as the browser checks it), and neither a premium-rate nor a shared-cost one nor one of the global
 * networks without a country (+882, +883, satellite +881, +870 …) – found from outside: '0900 1234567' was taken, a
 * way to make the firm's phones pay (toll fraud).
 */
export function callbackPhoneNumber(input: string): CallbackPhoneNumber {
  const e164 = normalizePhoneNumber(input);
  const parsed = e164 === undefined ? undefined : parsePhoneNumberFromString(e164);
  if (e164 === undefined || parsed === undefined || !parsed.isValid()) return { ok: false, reason: 'invalid' };
  const type = parsed.getType();
  if (parsed.country === undefined || (type !== undefined && NOT_CALLABLE_TYPES.has(type))) return { ok: false, reason: 'notCallable' };
  return { ok: true, e164 };
}

/** A stored E.164 number written out for people (`+49 30 1234567`); the stored text if it does not parse. */
export function displayPhoneNumber(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  if (parsed === undefined) return phone;
  // A mobile number grouped after its network prefix, as the client saw it confirmed (core germanMobile.ts).
  return germanMobileFormats(parsed.country, parsed.nationalNumber)?.international ?? parsed.formatInternational();
}

/** The digits of the E.164 form without `+` (`4915123456789`), or undefined like normalizePhoneNumber. */
export function internationalDigits(phone: string): string | undefined {
  return normalizePhoneNumber(phone)?.slice(1);
}

/** The case-file PIN: the last four digits of the phone number on file. */
export function pinFromPhone(digits: string): string {
  return digits.slice(-4);
}

/**
 * The visible part before the PIN field: the number without its last four digits, showing only the
 * first five digits (country code and start of the area/mobile prefix) and the two digits right before
 * the PIN; everything between is a fixed "•••" so the length is not revealed either.
 * `491512345678` → `+49 151 ••• 56`.
 */
export function maskedPhoneNumberPart(digits: string): string {
  const part = digits.slice(0, -4);
  const tail = part.slice(-2);
  if (part.length < 7) return `+${part.slice(0, 2)} ••• ${tail}`;
  return `+${part.slice(0, 2)} ${part.slice(2, 5)} ••• ${tail}`;
}

/** A stored number for display to the client: the login page's visible part, the PIN digits as `••••`. */
export function maskedPhoneNumber(phone: string): string {
  const digits = internationalDigits(phone);
  return digits ? `${maskedPhoneNumberPart(digits)}••••` : '••••';
}
