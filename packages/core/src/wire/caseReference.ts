// The case reference printed on the PDFs (protocol, usage confirmation) and asked for on /protokoll.
// It is derived from the opaque case id; it only ever finds a case among the caller's own.
import * as t from 'io-ts';

/**
 * Every reference ever printed: also the old ones, whose eight characters were the case id's base64url upper-cased and
 * could hold '-' and '_' („RC--Z1AIAHE“). They stay valid on /protokoll, in the console and in data requests.
 */
export const CASE_REFERENCE_PATTERN = /^RC-[0-9A-Z_-]{8}$/;

/**
 * The characters of new references: digits and capital letters without '-', '_' and the look-alikes 0/O and 1/I/L,
 * so a reference can be read out on the phone and typed on a phone's keyboard without doubt (31 characters).
 */
export const CASE_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CASE_REFERENCE_LENGTH = 8;

/**
 * The eight characters of a new reference, which start the new case's id (so caseReferenceOf gives "RC-" and them).
 * `randomBelow(n)` is a uniform random whole number 0 ≤ i < n (the server's CSPRNG); nearly 40 bits. Pure.
 */
export function newCaseReferenceCode(randomBelow: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < CASE_REFERENCE_LENGTH; i++) code += CASE_REFERENCE_ALPHABET.charAt(randomBelow(CASE_REFERENCE_ALPHABET.length));
  return code;
}

/** "RC-" plus the first eight characters of the case id, upper case (for a new case: its reference code). */
export function caseReferenceOf(caseId: string): string {
  return `RC-${caseId.slice(0, 8).toUpperCase()}`;
}

/** What a person typed ("rc-1a2b3c4d", " 1A2B3C4D ") as a reference, or null when it cannot be one. */
export function normalizeCaseReference(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/\s+/g, '');
  // A code may itself begin with "RC" (RC-RC7K3M9Q typed as "rc7k3m9q"): the bare code is tried before a prefix without its dash.
  const candidates = compact.startsWith('RC-') ? [compact] : [`RC-${compact}`, ...(compact.startsWith('RC') ? [`RC-${compact.slice(2)}`] : [])];
  return candidates.find((candidate) => CASE_REFERENCE_PATTERN.test(candidate)) ?? null;
}

const isReference = (u: unknown): u is string => typeof u === 'string' && CASE_REFERENCE_PATTERN.test(u);
export const CaseReference = new t.Type<string, string, unknown>(
  'CaseReference',
  isReference,
  (u, c) => (isReference(u) ? t.success(u) : t.failure(u, c)),
  (a) => a,
);
