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
