import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consentErrors, validateConsents } from './consents.js';

describe('validateConsents', () => {
  it('should pass when both boxes are ticked', () => {
    const input = { agreedPrivacyWithLawyer: true, agreedTermsOfService: true };
    expect(validateConsents(input)).toEqual({ ok: true, value: input });
    expect(consentErrors(input)).toEqual({});
  });

  it('should report Error.Privacy first, then Error.TermsOfService', () => {
    expect(validateConsents({ agreedPrivacyWithLawyer: false, agreedTermsOfService: false })).toEqual({ ok: false, errorKey: 'Error.Privacy' });
    expect(validateConsents({ agreedPrivacyWithLawyer: true, agreedTermsOfService: false })).toEqual({ ok: false, errorKey: 'Error.TermsOfService' });
  });

  it('should name exactly the unticked boxes', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (privacy, terms) => {
        const errors = consentErrors({ agreedPrivacyWithLawyer: privacy, agreedTermsOfService: terms });
        expect(errors.privacy).toBe(privacy ? undefined : 'Error.Privacy');
        expect(errors.termsOfService).toBe(terms ? undefined : 'Error.TermsOfService');
      }),
    );
  });
});
