// The numbering plan behind '@rechtschat/core/phone-plan': libphonenumber-js with the "max" metadata
// checks the real plan (not only the length), so typos in an area code are caught before a lawyer calls.
// Only imported where a phone number is validated (lazily in the web app), never from the core index.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { germanMobileFormats } from './germanMobile.js';

export const libphonenumberPlan: PhoneNumberPlan = {
  parse(text, region) {
    const parsed = parsePhoneNumberFromString(text, region as CountryCode);
    if (parsed === undefined) return undefined;
    const valid = parsed.isValid();
    const formats = (valid ? germanMobileFormats(parsed.country, parsed.nationalNumber) : null) ?? {
      international: parsed.formatInternational(),
      national: parsed.formatNational(),
    };
    return { valid, e164: parsed.number, ...formats, region: parsed.country };
  },
};
