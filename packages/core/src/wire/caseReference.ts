// The case reference printed on the PDFs (protocol, usage confirmation) and asked for on /protokoll.
// It is derived from the opaque case id; it only ever finds a case among the caller's own.
import * as t from 'io-ts';

export const CASE_REFERENCE_PATTERN = /^RC-[0-9A-Z_-]{8}$/;

/** "RC-" plus the first eight characters of the case id, upper case. */
export function caseReferenceOf(caseId: string): string {
  return `RC-${caseId.slice(0, 8).toUpperCase()}`;
}

/** What a person typed ("rc-1a2b3c4d", " 1A2B3C4D ") as a reference, or null when it cannot be one. */
export function normalizeCaseReference(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/\s+/g, '');
  const withPrefix = compact.startsWith('RC-') ? compact : compact.startsWith('RC') ? `RC-${compact.slice(2)}` : `RC-${compact}`;
  return CASE_REFERENCE_PATTERN.test(withPrefix) ? withPrefix : null;
}

const isReference = (u: unknown): u is string => typeof u === 'string' && CASE_REFERENCE_PATTERN.test(u);
export const CaseReference = new t.Type<string, string, unknown>(
  'CaseReference',
  isReference,
  (u, c) => (isReference(u) ? t.success(u) : t.failure(u, c)),
  (a) => a,
);
