// The base-data questionnaire (Fragebogen) of the case file: fields, rules and the answers
// object the server stores (docs/api.md: ≤ 100 keys, values ≤ 5000 characters).
import type { QuestionnaireAnswers } from '../wire/index.js';
import { isIsoCalendarDate as isCalendarDay } from '../validation/berlinDate.js';

export const MARITAL_STATUSES = ['single', 'married', 'partnership', 'divorced', 'widowed'] as const;
export const CONTACT_CHANNELS = ['email', 'phone', 'post'] as const;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
const SHORT_MAX = 200;

/** What the form holds; every field is text as typed ('' = empty), the yes/no field 'yes' | 'no' | ''. */
export interface QuestionnaireForm {
  readonly birthDate: string;
  readonly occupation: string;
  readonly maritalStatus: string;
  readonly legalInsurance: string;
  readonly insuranceCompany: string;
  readonly insuranceNumber: string;
  readonly opponent: string;
  readonly incidentDate: string;
  readonly description: string;
  readonly preferredContact: string;
}

export type QuestionnaireField = keyof QuestionnaireForm;
export type QuestionnaireErrors = Partial<Record<QuestionnaireField, string>>;

export const EMPTY_QUESTIONNAIRE: QuestionnaireForm = {
  birthDate: '',
  occupation: '',
  maritalStatus: '',
  legalInsurance: '',
  insuranceCompany: '',
  insuranceNumber: '',
  opponent: '',
  incidentDate: '',
  description: '',
  preferredContact: '',
};

/** Field order on screen (also the order of focus after an invalid submit). */
export const QUESTIONNAIRE_FIELDS = Object.keys(EMPTY_QUESTIONNAIRE) as QuestionnaireField[];

const key = (field: string, rule: string) => `CaseFile.Questionnaire.Error.${field}.${rule}`;

/**
 * Per-field i18n keys of every failed rule; empty when the form may be sent.
 * `today` is the calendar day in Europe/Berlin (YYYY-MM-DD), passed in because core has no clock. Pure.
 */
export function validateQuestionnaire(form: QuestionnaireForm, today: string): QuestionnaireErrors {
  const errors: Record<string, string> = {};
  if (form.birthDate === '') errors.birthDate = key('BirthDate', 'Required');
  else if (!isCalendarDay(form.birthDate) || form.birthDate < '1900-01-01' || form.birthDate >= today) errors.birthDate = key('BirthDate', 'Invalid');
  if (form.occupation.trim().length > SHORT_MAX) errors.occupation = key('Occupation', 'TooLong');
  if (form.maritalStatus !== '' && !(MARITAL_STATUSES as readonly string[]).includes(form.maritalStatus))
    errors.maritalStatus = key('MaritalStatus', 'Invalid');
  if (form.legalInsurance !== 'yes' && form.legalInsurance !== 'no') errors.legalInsurance = key('LegalInsurance', 'Required');
  if (form.legalInsurance === 'yes') {
    if (form.insuranceCompany.trim() === '') errors.insuranceCompany = key('InsuranceCompany', 'Required');
    else if (form.insuranceCompany.trim().length > SHORT_MAX) errors.insuranceCompany = key('InsuranceCompany', 'TooLong');
    if (form.insuranceNumber.trim() === '') errors.insuranceNumber = key('InsuranceNumber', 'Required');
    else if (!/^[A-Za-z0-9 ./-]{3,40}$/.test(form.insuranceNumber.trim())) errors.insuranceNumber = key('InsuranceNumber', 'Invalid');
  }
  if (form.opponent.trim().length > SHORT_MAX) errors.opponent = key('Opponent', 'TooLong');
  if (form.incidentDate !== '' && (!isCalendarDay(form.incidentDate) || form.incidentDate > today)) errors.incidentDate = key('IncidentDate', 'Invalid');
  const description = form.description.trim();
  if (description === '') errors.description = key('Description', 'Required');
  else if (description.length < DESCRIPTION_MIN) errors.description = key('Description', 'TooShort');
  else if (description.length > DESCRIPTION_MAX) errors.description = key('Description', 'TooLong');
  if (!(CONTACT_CHANNELS as readonly string[]).includes(form.preferredContact)) errors.preferredContact = key('PreferredContact', 'Required');
  return errors;
}

/** The answers the server stores: trimmed text, null for empty, a boolean for the yes/no field; insurance data only with insurance. */
export function questionnaireAnswers(form: QuestionnaireForm): QuestionnaireAnswers {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const insured = form.legalInsurance === 'yes';
  return {
    BirthDate: text(form.birthDate),
    Occupation: text(form.occupation),
    MaritalStatus: text(form.maritalStatus),
    LegalInsurance: insured,
    InsuranceCompany: insured ? text(form.insuranceCompany) : null,
    InsuranceNumber: insured ? text(form.insuranceNumber) : null,
    Opponent: text(form.opponent),
    IncidentDate: text(form.incidentDate),
    Description: text(form.description),
    PreferredContact: text(form.preferredContact),
  };
}

/** Prefills the form from answers stored earlier (a resubmission replaces them). */
export function questionnaireFormFrom(answers: QuestionnaireAnswers): QuestionnaireForm {
  const text = (name: string) => {
    const value = answers[name];
    return typeof value === 'string' ? value : '';
  };
  const insurance = answers.LegalInsurance;
  return {
    birthDate: text('BirthDate'),
    occupation: text('Occupation'),
    maritalStatus: text('MaritalStatus'),
    legalInsurance: insurance === true ? 'yes' : insurance === false ? 'no' : '',
    insuranceCompany: text('InsuranceCompany'),
    insuranceNumber: text('InsuranceNumber'),
    opponent: text('Opponent'),
    incidentDate: text('IncidentDate'),
    description: text('Description'),
    preferredContact: text('PreferredContact'),
  };
}
