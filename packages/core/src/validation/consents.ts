// Both consents must be ticked before a case-file login.
import { ValidationKeys } from './validationKeys.js';
import { invalid, valid, type Validation } from './validationResult.js';

export interface ConsentInput {
  readonly agreedPrivacyWithLawyer: boolean;
  readonly agreedTermsOfService: boolean;
}

/** Per-field i18n keys; a field is absent when it is fine. */
export interface ConsentErrors {
  readonly privacy?: string;
  readonly termsOfService?: string;
}

/** Every failed consent rule, so the form can mark each box on its own. Pure. */
export function consentErrors(input: ConsentInput): ConsentErrors {
  return {
    ...(input.agreedPrivacyWithLawyer ? {} : { privacy: ValidationKeys.Privacy }),
    ...(input.agreedTermsOfService ? {} : { termsOfService: ValidationKeys.TermsOfService }),
  };
}

/** Validates both consents; the first failure is 'Error.Privacy', then 'Error.TermsOfService'. Pure. */
export function validateConsents(input: ConsentInput): Validation<ConsentInput> {
  const errors = consentErrors(input);
  const first = errors.privacy ?? errors.termsOfService;
  return first === undefined ? valid(input) : invalid(first);
}
