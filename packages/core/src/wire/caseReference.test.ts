import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CASE_REFERENCE_ALPHABET,
  CASE_REFERENCE_LENGTH,
  CASE_REFERENCE_PATTERN,
  caseReferenceOf,
  newCaseReferenceCode,
  normalizeCaseReference,
} from './caseReference.js';

/** A `randomBelow` that hands out the given picks in turn (each taken modulo n, as a uniform draw would land). */
const picking = (picks: readonly number[]) => {
  let next = 0;
  return (n: number) => (picks[next++] ?? 0) % n;
};

describe('case reference', () => {
  it('should use an alphabet of digits and capitals without hyphen, underscore and the look-alikes 0/O and 1/I/L', () => {
    expect([...CASE_REFERENCE_ALPHABET].filter((c) => '-_0O1IL'.includes(c))).toEqual([]);
    expect(CASE_REFERENCE_ALPHABET).toMatch(/^[0-9A-Z]+$/);
    expect(new Set(CASE_REFERENCE_ALPHABET).size).toBe(CASE_REFERENCE_ALPHABET.length);
    expect(CASE_REFERENCE_ALPHABET.length).toBe(31);
  });

  it('should generate codes of exactly eight characters of the alphabet only, whatever the random draws (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: CASE_REFERENCE_LENGTH, maxLength: CASE_REFERENCE_LENGTH }), (picks) => {
        const code = newCaseReferenceCode(picking(picks));
        expect(code).toHaveLength(CASE_REFERENCE_LENGTH);
        expect([...code].every((c) => CASE_REFERENCE_ALPHABET.includes(c))).toBe(true);
        expect(code).not.toMatch(/[-_0O1IL]/);
        // The reference of a case id that starts with the code is "RC-" and the code, found again as typed.
        const reference = caseReferenceOf(`${code}AbCd-_efGhIjKlMnOpQrSt`);
        expect(reference).toBe(`RC-${code}`);
        expect(reference).toMatch(CASE_REFERENCE_PATTERN);
        expect(normalizeCaseReference(` ${code.toLowerCase()} `)).toBe(reference);
      }),
    );
  });

  it('should reach every character of the alphabet at every position', () => {
    for (let position = 0; position < CASE_REFERENCE_LENGTH; position++) {
      const seen = new Set(
        [...CASE_REFERENCE_ALPHABET].map(
          (_, index) => newCaseReferenceCode(picking(Array.from({ length: 8 }, (__, p) => (p === position ? index : 0))))[position],
        ),
      );
      expect(seen.size).toBe(CASE_REFERENCE_ALPHABET.length);
    }
  });

  it('should still accept and find the old references with hyphen or underscore (printed before)', () => {
    expect(caseReferenceOf('-z1aIaHe_rest')).toBe('RC--Z1AIAHE');
    for (const old of ['RC--Z1AIAHE', 'RC-3E-I4JCE', 'RC-AB_CD0O1']) {
      expect(old).toMatch(CASE_REFERENCE_PATTERN);
      expect(normalizeCaseReference(old.toLowerCase())).toBe(old);
    }
    expect(normalizeCaseReference('-z1aiahe')).toBe('RC--Z1AIAHE');
  });

  it('should read a code that itself begins with "RC" as the code, and "RC" before eight characters as the prefix', () => {
    expect(normalizeCaseReference('rc222222')).toBe('RC-RC222222');
    expect(normalizeCaseReference('RC-RC222222')).toBe('RC-RC222222');
    expect(normalizeCaseReference('rcrc222222')).toBe('RC-RC222222');
    expect(normalizeCaseReference('RC7K3M9Q2T')).toBe('RC-7K3M9Q2T');
    expect(normalizeCaseReference('rc 7k3m 9q2t')).toBe('RC-7K3M9Q2T');
  });
});
