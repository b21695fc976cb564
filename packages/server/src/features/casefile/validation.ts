// Field rules for client input beyond the wire codecs; each returns the list of failed rules (codes, or German
// messages for the personal data).
import {
  CITY_MAX,
  personUpdateErrors,
  PERSON_FIELDS,
  STREET_MAX,
  type ContactMessage,
  type PersonErrorKey,
  type PersonUpdate,
  type Questionnaire,
} from '@rechtschat/core';

/** The German refusal of each rule of the personal data (core's personForm), worded like the browser's field errors. */
const personMessages: Record<PersonErrorKey, string> = {
  'CaseFile.Person.Error.Email.Required': 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  'CaseFile.Person.Error.Email.Invalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
  'CaseFile.Person.Error.Street.Required': 'Bitte geben Sie Straße und Hausnummer ein.',
  'CaseFile.Person.Error.Street.TooLong': `Straße und Hausnummer dürfen höchstens ${STREET_MAX} Zeichen lang sein.`,
  'CaseFile.Person.Error.PostalCode.Required': 'Bitte geben Sie Ihre Postleitzahl ein.',
  'CaseFile.Person.Error.PostalCode.Invalid': 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.',
  'CaseFile.Person.Error.City.Required': 'Bitte geben Sie Ihren Wohnort ein.',
  'CaseFile.Person.Error.City.TooLong': `Der Ort darf höchstens ${CITY_MAX} Zeichen lang sein.`,
};

/**
 * The German messages of every rule the update breaks, in the order of the form's fields; empty when it may be
 * stored. A field left out stays as it is; a field sent must be valid (none of them can be cleared).
 */
export function validatePersonUpdate(update: PersonUpdate): string[] {
  const errors = personUpdateErrors(update);
  return PERSON_FIELDS.flatMap((field) => {
    const key = errors[field];
    return key ? [personMessages[key]] : [];
  });
}

export function validateContact(message: ContactMessage): string[] {
  const problems: string[] = [];
  if (message.Subject.trim() === '' || message.Subject.length > 200) problems.push('CONTACT.SUBJECT');
  if (message.Message.trim() === '' || message.Message.length > 5000) problems.push('CONTACT.MESSAGE');
  return problems;
}

export function validateAnswers(answers: Questionnaire['Answers']): string[] {
  const entries = Object.entries(answers);
  const problems: string[] = [];
  if (entries.length > 100) problems.push('QUESTIONNAIRE.TOO_MANY');
  if (entries.some(([key, value]) => key.length > 100 || (typeof value === 'string' && value.length > 5000))) problems.push('QUESTIONNAIRE.TOO_LONG');
  return problems;
}
