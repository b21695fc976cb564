// The rules of the firm's legal details (Kanzleiangaben): the console checks them before saving, the server again
// with the same function and answers in German. Pure.
import type { FirmDetails } from '../wire/firmDetails.js';
import { characterCount, oneLineName } from './characters.js';

export type FirmDetailsField = keyof FirmDetails;

/** Why a field was refused: empty though required, longer than `max`, or not in the field's format. */
export type FirmDetailsProblemCode = 'Required' | 'TooLong' | 'PostalCode' | 'Email' | 'Phone' | 'VatId';

export interface FirmDetailsProblem {
  readonly field: FirmDetailsField;
  readonly code: FirmDetailsProblemCode;
  /** The field's limit in characters. */
  readonly max: number;
}

/** Per field: the most characters and whether it must be given (only the name: every imprint starts with it). */
export const FIRM_DETAILS_LIMITS: Readonly<Record<FirmDetailsField, { readonly max: number; readonly required?: true }>> = {
  Name: { max: 120, required: true },
  RepresentedBy: { max: 300 },
  Street: { max: 120 },
  PostalCode: { max: 5 },
  City: { max: 80 },
  Phone: { max: 40 },
  Email: { max: 254 },
  BarChamber: { max: 300 },
  LiabilityInsurance: { max: 400 },
  Register: { max: 200 },
  VatId: { max: 20 },
  DataProtectionOfficer: { max: 300 },
  SupervisoryAuthority: { max: 300 },
};

/** As FIRM_PHONE: digits, spaces, + / - ( ), at most 40 characters. */
const PHONE = /^\+?[0-9][0-9 ()/-]{2,39}$/;
/** As FIRM_EMAIL. */
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const POSTAL_CODE = /^[0-9]{5}$/;
/** A VAT id: the country code and 2 to 13 letters or digits („DE123456789“), spaces ignored. */
const VAT_ID = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

const FORMATS: Partial<Record<FirmDetailsField, readonly [RegExp, FirmDetailsProblemCode]>> = {
  PostalCode: [POSTAL_CODE, 'PostalCode'],
  Phone: [PHONE, 'Phone'],
  Email: [EMAIL, 'Email'],
  VatId: [VAT_ID, 'VatId'],
};

/**
 * The details as they are stored and shown: every field on one line, without invisible format characters (bidi
 * overrides, zero-width spaces) or control characters, runs of spaces as one, trimmed; the VAT id in capitals without spaces.
 */
export function normalizeFirmDetails(details: FirmDetails): FirmDetails {
  const clean = Object.fromEntries(Object.entries(details).map(([key, value]) => [key, oneLineName(value)])) as unknown as FirmDetails;
  return { ...clean, VatId: clean.VatId.replace(/\s/g, '').toUpperCase() };
}

/** Every field that breaks a rule, in the form's order; checks the normalized details. Empty: the details may be saved. */
export function firmDetailsProblems(details: FirmDetails): FirmDetailsProblem[] {
  const problems: FirmDetailsProblem[] = [];
  for (const [field, limit] of Object.entries(FIRM_DETAILS_LIMITS) as [FirmDetailsField, (typeof FIRM_DETAILS_LIMITS)[FirmDetailsField]][]) {
    const value = details[field];
    const format = FORMATS[field];
    if (value === '') {
      if (limit.required) problems.push({ field, code: 'Required', max: limit.max });
    } else if (characterCount(value) > limit.max) {
      problems.push({ field, code: field === 'PostalCode' ? 'PostalCode' : 'TooLong', max: limit.max });
    } else if (format && !format[0].test(value)) {
      problems.push({ field, code: format[1], max: limit.max });
    }
  }
  return problems;
}

/** The address on one line: „Musterstraße 1, 10115 Berlin“ ('' when none is given). */
export function firmAddressLine(details: Pick<FirmDetails, 'Street' | 'PostalCode' | 'City'>): string {
  return [details.Street, [details.PostalCode, details.City].filter((part) => part !== '').join(' ')].filter((part) => part !== '').join(', ');
}

/**
 * Details that give only the firm's name and how to reach it – FIRM_NAME, FIRM_PHONE and FIRM_EMAIL until an
 * administrator saves the Kanzleiangaben, or the branding of a server that sends no more – the rest not given.
 */
export function firmDetailsFromContact(contact: { readonly name: string; readonly phone: string | null; readonly email: string | null }): FirmDetails {
  return {
    Name: contact.name,
    RepresentedBy: '',
    Street: '',
    PostalCode: '',
    City: '',
    Phone: contact.phone ?? '',
    Email: contact.email ?? '',
    BarChamber: '',
    LiabilityInsurance: '',
    Register: '',
    VatId: '',
    DataProtectionOfficer: '',
    SupervisoryAuthority: '',
  };
}
