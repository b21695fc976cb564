// PIN login form rules: exactly four digits plus both consents, composed from
// the shared validators so the keys match the rest of the product.
import { consentErrors, validatePin } from '../validation/index.js';

/** What the PIN login form submits. */
export interface PinForm {
  readonly pin: string;
  readonly agreedPrivacyWithLawyer: boolean;
  readonly agreedTermsOfService: boolean;
}

/** Returns every failed rule as its i18n key ('Error.PinHint', 'Error.Privacy', 'Error.TermsOfService'); empty means the form may be sent. */
export function validatePinForm(form: PinForm): readonly string[] {
  const pin = validatePin(form.pin);
  const consents = consentErrors(form);
  return [...(pin.ok ? [] : [pin.errorKey]), ...(consents.privacy ? [consents.privacy] : []), ...(consents.termsOfService ? [consents.termsOfService] : [])];
}

/** What a screen reader says of the masked number before the PIN: its start, and the digits right before the PIN. */
export interface SpokenPhoneNumberPart {
  readonly start: string;
  /** One by one („4 5“), as they are read off the number, not „fünfundvierzig“. */
  readonly beforePin: string;
}

/**
 * The login's masked number („+49 151 ••• 45“, the PIN's four digits follow) for a screen reader, which read its dots
 * out one by one; null for a number not masked that way (shown and read as it is).
 */
export function spokenPhoneNumberPart(part: string): SpokenPhoneNumberPart | null {
  const masked = /^([^•]*\d)\s*•+\s*(\d+)$/.exec(part.trim());
  if (masked === null) return null;
  const [, start = '', beforePin = ''] = masked;
  return { start, beforePin: [...beforePin].join(' ') };
}
