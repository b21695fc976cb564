import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FirmDetails } from '../wire/firmDetails.js';
import { FIRM_DETAILS_LIMITS, firmAddressLine, firmDetailsProblems, normalizeFirmDetails } from './firmDetails.js';

const empty: FirmDetails = {
  Name: 'Berger & Partner',
  RepresentedBy: '',
  Street: '',
  PostalCode: '',
  City: '',
  Phone: '',
  Email: '',
  BarChamber: '',
  LiabilityInsurance: '',
  Register: '',
  VatId: '',
  DataProtectionOfficer: '',
  SupervisoryAuthority: '',
};

describe('firmDetailsProblems', () => {
  it('should accept a name alone: every other item is left out where empty', () => {
    expect(firmDetailsProblems(empty)).toEqual([]);
  });

  it('should name every broken rule in the form’s order', () => {
    expect(
      firmDetailsProblems({ ...empty, Name: '', PostalCode: '1011', Phone: 'abends', Email: 'a@b', VatId: '123', City: 'B'.repeat(81) }).map((p) => [
        p.field,
        p.code,
      ]),
    ).toEqual([
      ['Name', 'Required'],
      ['PostalCode', 'PostalCode'],
      ['City', 'TooLong'],
      ['Phone', 'Phone'],
      ['Email', 'Email'],
      ['VatId', 'VatId'],
    ]);
  });

  it('should count characters, not UTF-16 units: a name of 120 emoji fits', () => {
    expect(firmDetailsProblems({ ...empty, Name: '⚖️'.repeat(60) })).toEqual([]);
    expect(firmDetailsProblems({ ...empty, Name: 'x'.repeat(121) })).toEqual([{ field: 'Name', code: 'TooLong', max: 120 }]);
  });

  it('should accept what FIRM_PHONE and FIRM_EMAIL accept', () => {
    expect(firmDetailsProblems({ ...empty, Phone: '+49 (30) 123/456-7', Email: 'kanzlei@berger-partner.example', PostalCode: '01067' })).toEqual([]);
  });
});

describe('normalizeFirmDetails', () => {
  it('should drop bidi and zero-width characters, make every field one line and write the VAT id as written officially', () => {
    expect(
      normalizeFirmDetails({
        ...empty,
        Name: ' Berger\u202E &\u200B Partner ',
        RepresentedBy: 'PartG mbB,\nvertreten durch\tDr. Anna Berger',
        VatId: 'de 123 456 789',
      }),
    ).toEqual({
      ...empty,
      Name: 'Berger & Partner',
      RepresentedBy: 'PartG mbB, vertreten durch Dr. Anna Berger',
      VatId: 'DE123456789',
    });
  });

  it('should leave no control or format character in any field, whatever is typed', () => {
    const field = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(Object.keys(FIRM_DETAILS_LIMITS).map((key) => [key, field])) as Record<keyof FirmDetails, typeof field>),
        (details) => {
          const normalized = normalizeFirmDetails(details);
          expect(Object.values(normalized).every((value) => !/[\p{Cc}\p{Cf}]/u.test(value) && value === value.trim())).toBe(true);
          expect(normalizeFirmDetails(normalized)).toEqual(normalized);
        },
      ),
    );
  });
});

describe('firmAddressLine', () => {
  it('should join the address on one line and leave out what is missing', () => {
    expect(firmAddressLine({ Street: 'Musterstraße 12', PostalCode: '10115', City: 'Berlin' })).toBe('Musterstraße 12, 10115 Berlin');
    expect(firmAddressLine({ Street: '', PostalCode: '', City: 'Berlin' })).toBe('Berlin');
    expect(firmAddressLine({ Street: '', PostalCode: '', City: '' })).toBe('');
  });
});
