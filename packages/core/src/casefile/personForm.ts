// Personal data of the case file (Persönliche Daten): the e-mail address and the German postal address the client
// may correct. The browser form and PUT /{token}/person on the server apply these same rules (docs/api.md).
import { withoutFormatCharacters } from '../validation/characters.js';
import { validateEmail } from '../validation/email.js';
import type { PersonInfo, PersonUpdate } from '../wire/index.js';
import { emailForDisplay, emailForSending } from './emailDomain.js';

export const STREET_MAX = 100;
export const CITY_MAX = 100;
/** German postal codes (Postleitzahlen) have exactly five digits. */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
export const POSTAL_CODE_LENGTH = 5;
/** The e-mail rule of core (validateEmail) allows up to 254 characters. */
export const PERSON_EMAIL_MAX = 254;

/** What the form holds, as typed ('' = empty). */
export interface PersonForm {
  readonly email: string;
  readonly street: string;
  readonly postalCode: string;
  readonly city: string;
}

export type PersonField = keyof PersonForm;
export type PersonFormErrors = Partial<Record<PersonField, PersonErrorKey>>;

/** Field order on screen (also the order of focus after an invalid submit). */
export const PERSON_FIELDS: readonly PersonField[] = ['email', 'street', 'postalCode', 'city'];

/** Every i18n key the rules can produce; the server keeps a German message for each. */
export const PERSON_ERROR_KEYS = [
  'CaseFile.Person.Error.Email.Required',
  'CaseFile.Person.Error.Email.Invalid',
  'CaseFile.Person.Error.Street.Required',
  'CaseFile.Person.Error.Street.TooLong',
  'CaseFile.Person.Error.PostalCode.Required',
  'CaseFile.Person.Error.PostalCode.Invalid',
  'CaseFile.Person.Error.City.Required',
  'CaseFile.Person.Error.City.TooLong',
] as const;
export type PersonErrorKey = (typeof PERSON_ERROR_KEYS)[number];

/** The i18n key of the rule a single field value breaks (surrounding whitespace is ignored), or undefined. Pure. */
export function personFieldError(field: PersonField, input: string): PersonErrorKey | undefined {
  const value = input.trim();
  switch (field) {
    case 'email':
      if (value === '') return 'CaseFile.Person.Error.Email.Required';
      return validateEmail(value).ok ? undefined : 'CaseFile.Person.Error.Email.Invalid';
    case 'street':
      // Only invisible format characters (zero-width spaces) look empty on every letter: blank, as in the chat.
      if (withoutFormatCharacters(value) === '') return 'CaseFile.Person.Error.Street.Required';
      return value.length > STREET_MAX ? 'CaseFile.Person.Error.Street.TooLong' : undefined;
    case 'postalCode':
      if (value === '') return 'CaseFile.Person.Error.PostalCode.Required';
      return POSTAL_CODE_PATTERN.test(value) ? undefined : 'CaseFile.Person.Error.PostalCode.Invalid';
    case 'city':
      if (withoutFormatCharacters(value) === '') return 'CaseFile.Person.Error.City.Required';
      return value.length > CITY_MAX ? 'CaseFile.Person.Error.City.TooLong' : undefined;
  }
}

const ADDRESS_FIELDS: readonly PersonField[] = ['street', 'postalCode', 'city'];

const blankAddress = (form: PersonForm) => ADDRESS_FIELDS.every((field) => withoutFormatCharacters(form[field]) === '');

/**
 * Whether the address must be given: once one is stored it can be corrected but not removed, and a started one must be
 * complete; with none stored and none typed the e-mail address may be saved alone. Pure.
 */
export function addressRequired(form: PersonForm, stored: Pick<PersonInfo, 'Street' | 'PostalCode' | 'City'>): boolean {
  const storedAny = [stored.Street, stored.PostalCode, stored.City].some((value) => (value ?? '').trim() !== '');
  return storedAny || !blankAddress(form);
}

/**
 * Per-field i18n keys of every failed rule; empty when the form may be saved. Every field is required, the address
 * unless `addressRequired` says it may stay open. Pure.
 */
export function validatePersonForm(form: PersonForm, stored?: Pick<PersonInfo, 'Street' | 'PostalCode' | 'City'>): PersonFormErrors {
  const errors: Partial<Record<PersonField, PersonErrorKey>> = {};
  const fields = stored === undefined || addressRequired(form, stored) ? PERSON_FIELDS : (['email'] as const);
  for (const field of fields) {
    // The e-mail is judged in the form it is sent in (an umlaut domain as xn--…).
    const error = personFieldError(field, field === 'email' ? emailForSending(form.email) : form[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The stored data as form values ('' for what is not given yet); an umlaut domain as the person wrote it. */
export function personFormFrom(person: PersonInfo): PersonForm {
  return { email: emailForDisplay(person.Email ?? ''), street: person.Street ?? '', postalCode: person.PostalCode ?? '', city: person.City ?? '' };
}

/** The PUT body: every field, trimmed; the e-mail's domain in its ASCII form. An address left open is not sent. */
export function personUpdateFrom(form: PersonForm): PersonUpdate {
  const email = { Email: emailForSending(form.email) };
  if (blankAddress(form)) return email;
  return { ...email, Street: form.street.trim(), PostalCode: form.postalCode.trim(), City: form.city.trim() };
}

/**
 * What the postal-code field keeps of typed or pasted text: spaces go (" 50667", "50 667" from a letter or a
 * message), then at most five characters. The field itself has no maxlength, which would cut a pasted
 * " 50667" to " 5066" before this could see it. Pure.
 */
export function postalCodeInputValue(raw: string): string {
  return raw.replace(/\s+/g, '').slice(0, POSTAL_CODE_LENGTH);
}

const wireFields: ReadonlyArray<readonly [keyof PersonUpdate, PersonField]> = [
  ['Email', 'email'],
  ['Street', 'street'],
  ['PostalCode', 'postalCode'],
  ['City', 'city'],
];

/**
 * The rules applied to a PUT body (the server's check): a field left out stays as it is; a field that is sent
 * must be valid (null or blank counts as empty, and every field is required, so nothing can be cleared). As in the
 * form, an address is complete or not there at all: a street, postal code or city sent while the other parts are
 * neither sent nor `stored` names each missing part as required. Pure.
 */
export function personUpdateErrors(update: PersonUpdate, stored: Pick<PersonInfo, 'Street' | 'PostalCode' | 'City'>): PersonFormErrors {
  const errors: Partial<Record<PersonField, PersonErrorKey>> = {};
  for (const [wire, field] of wireFields) {
    const value = update[wire];
    if (value === undefined) continue;
    const error = personFieldError(field, value ?? '');
    if (error) errors[field] = error;
  }
  const addressSent = addressWire.some((wire) => update[wire] !== undefined);
  if (addressSent) {
    for (const wire of addressWire) {
      const field = wireField[wire];
      if (update[wire] === undefined && (stored[wire] ?? '').trim() === '') errors[field] = personFieldError(field, '');
    }
  }
  return errors;
}

const addressWire = ['Street', 'PostalCode', 'City'] as const;
const wireField: Record<(typeof addressWire)[number], PersonField> = { Street: 'street', PostalCode: 'postalCode', City: 'city' };

/** A well-formed address line as shown to the client: "Hauptstr. 1, 50667 Köln"; '' when nothing is given. */
export function formatPersonAddress(person: Pick<PersonInfo, 'Street' | 'PostalCode' | 'City'>): string {
  const part = (value: string | null) => value?.trim() ?? '';
  const place = [part(person.PostalCode), part(person.City)].filter(Boolean).join(' ');
  return [part(person.Street), place].filter(Boolean).join(', ');
}
