// The structure of the legal texts: a title and numbered sections, each a heading and a text key (namespace `legal`).

export interface LegalDocument {
  readonly titleKey: string;
  readonly sections: ReadonlyArray<{ readonly headingKey: string; readonly textKey: string }>;
}

const section = (name: string) => ({ headingKey: `${name}.Heading`, textKey: `${name}.Text` });

export const TERMS_OF_USE: LegalDocument = {
  titleKey: 'Legal.TermsOfUse.Title',
  sections: ['Scope', 'Age', 'Free', 'Consultation', 'Callback', 'Conduct', 'Availability', 'Liability'].map((s) => section(`Legal.TermsOfUse.${s}`)),
};

export const PRIVACY_NOTICE: LegalDocument = {
  titleKey: 'Legal.Privacy.Title',
  sections: ['Controller', 'Data', 'Purpose', 'Recipients', 'Retention', 'Errors', 'Rights'].map((s) => section(`Legal.Privacy.${s}`)),
};

export const MANDATE_TERMS: LegalDocument = {
  titleKey: 'Legal.Mandate.Title',
  sections: ['Subject', 'Fees', 'Cooperation', 'Communication', 'Liability', 'Termination', 'Records', 'Withdrawal'].map((s) => section(`Legal.Mandate.${s}`)),
};

/** Erklärung zur Barrierefreiheit (BFSG § 14 with Anlage 3). */
export const ACCESSIBILITY_STATEMENT: LegalDocument = {
  titleKey: 'Legal.Accessibility.Title',
  sections: ['Scope', 'Status', 'Gaps', 'Method', 'Feedback', 'Enforcement'].map((s) => section(`Legal.Accessibility.${s}`)),
};

/** The day the accessibility statement was written and last reviewed (shown in de-DE). */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-25';

/** Every key the documents use, for the i18n completeness test. */
export function legalDocumentKeys(): string[] {
  return [TERMS_OF_USE, PRIVACY_NOTICE, MANDATE_TERMS, ACCESSIBILITY_STATEMENT].flatMap((doc) => [
    doc.titleKey,
    ...doc.sections.flatMap((s) => [s.headingKey, s.textKey]),
  ]);
}
