// The base-data questionnaire (Fragebogen) of the case file: fields, rules and the answers object the server
// stores. The browser form and POST /{token}/questionnaire on the server apply these same rules (docs/api.md).
import type { QuestionnaireAnswers } from '../wire/index.js';
import { isIsoCalendarDate as isCalendarDay } from '../validation/berlinDate.js';

export const MARITAL_STATUSES = ['single', 'married', 'partnership', 'divorced', 'widowed'] as const;
export const CONTACT_CHANNELS = ['email', 'phone', 'post'] as const;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
/** Occupation, insurer and opponent. */
export const SHORT_ANSWER_MAX = 200;
/** The earliest birth date the form accepts: an earlier one is a typing slip (1885 for 1985), not a client. */
export const BIRTH_DATE_MIN = '1900-01-01';
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

/** Every i18n key the rules can produce; the server keeps a German message for each. */
export const QUESTIONNAIRE_ERROR_KEYS = [
  'CaseFile.Questionnaire.Error.BirthDate.Required',
  'CaseFile.Questionnaire.Error.BirthDate.Invalid',
  'CaseFile.Questionnaire.Error.BirthDate.Future',
  'CaseFile.Questionnaire.Error.BirthDate.TooEarly',
  'CaseFile.Questionnaire.Error.Occupation.TooLong',
  'CaseFile.Questionnaire.Error.MaritalStatus.Invalid',
  'CaseFile.Questionnaire.Error.LegalInsurance.Required',
  'CaseFile.Questionnaire.Error.InsuranceCompany.Required',
  'CaseFile.Questionnaire.Error.InsuranceCompany.TooLong',
  'CaseFile.Questionnaire.Error.InsuranceNumber.Required',
  'CaseFile.Questionnaire.Error.InsuranceNumber.Invalid',
  'CaseFile.Questionnaire.Error.Opponent.TooLong',
  'CaseFile.Questionnaire.Error.IncidentDate.Invalid',
  'CaseFile.Questionnaire.Error.Description.Required',
  'CaseFile.Questionnaire.Error.Description.TooShort',
  'CaseFile.Questionnaire.Error.Description.TooLong',
  'CaseFile.Questionnaire.Error.PreferredContact.Required',
] as const;
export type QuestionnaireErrorKey = (typeof QUESTIONNAIRE_ERROR_KEYS)[number];
export type QuestionnaireErrors = Partial<Record<QuestionnaireField, QuestionnaireErrorKey>>;

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

const key = <F extends string, R extends string>(field: F, rule: R) => `CaseFile.Questionnaire.Error.${field}.${rule}` as const;

/**
 * Per-field i18n keys of every failed rule; empty when the form may be sent.
 * `today` is the calendar day in Europe/Berlin (YYYY-MM-DD), passed in because core has no clock. Pure.
 */
export function validateQuestionnaire(form: QuestionnaireForm, today: string): QuestionnaireErrors {
  const errors: { -readonly [F in QuestionnaireField]?: QuestionnaireErrorKey } = {};
  if (form.birthDate === '') errors.birthDate = key('BirthDate', 'Required');
  else if (!isCalendarDay(form.birthDate)) errors.birthDate = key('BirthDate', 'Invalid');
  else if (form.birthDate > today) errors.birthDate = key('BirthDate', 'Future');
  else if (form.birthDate < BIRTH_DATE_MIN) errors.birthDate = key('BirthDate', 'TooEarly');
  if (form.occupation.trim().length > SHORT_ANSWER_MAX) errors.occupation = key('Occupation', 'TooLong');
  if (form.maritalStatus !== '' && !(MARITAL_STATUSES as readonly string[]).includes(form.maritalStatus))
    errors.maritalStatus = key('MaritalStatus', 'Invalid');
  if (form.legalInsurance !== 'yes' && form.legalInsurance !== 'no') errors.legalInsurance = key('LegalInsurance', 'Required');
  if (form.legalInsurance === 'yes') {
    if (form.insuranceCompany.trim() === '') errors.insuranceCompany = key('InsuranceCompany', 'Required');
    else if (form.insuranceCompany.trim().length > SHORT_ANSWER_MAX) errors.insuranceCompany = key('InsuranceCompany', 'TooLong');
    if (form.insuranceNumber.trim() === '') errors.insuranceNumber = key('InsuranceNumber', 'Required');
    else if (!/^[A-Za-z0-9 ./-]{3,40}$/.test(form.insuranceNumber.trim())) errors.insuranceNumber = key('InsuranceNumber', 'Invalid');
  }
  if (form.opponent.trim().length > SHORT_ANSWER_MAX) errors.opponent = key('Opponent', 'TooLong');
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

/** The key of each field in the answers object (questionnaireAnswers), in the order of the form's fields. */
export const QUESTIONNAIRE_ANSWER_KEYS = {
  birthDate: 'BirthDate',
  occupation: 'Occupation',
  maritalStatus: 'MaritalStatus',
  legalInsurance: 'LegalInsurance',
  insuranceCompany: 'InsuranceCompany',
  insuranceNumber: 'InsuranceNumber',
  opponent: 'Opponent',
  incidentDate: 'IncidentDate',
  description: 'Description',
  preferredContact: 'PreferredContact',
} as const satisfies Record<QuestionnaireField, string>;

/** What a submitted answers object holds, read strictly (the server's check before validateQuestionnaire). */
export interface QuestionnaireSubmissionReading {
  /** The answers as form values; a missing, null or malformed value reads as empty. */
  readonly form: QuestionnaireForm;
  /** Keys that questionnaireAnswers never writes (sorted). */
  readonly unknownKeys: readonly string[];
  /** Fields whose value has another type than questionnaireAnswers writes: text or null, a boolean for LegalInsurance. */
  readonly malformed: readonly QuestionnaireField[];
}

/**
 * Reads an answers object sent to the server back into the form, accepting exactly what questionnaireAnswers
 * produces: its ten keys (each may be left out), text or null for the text fields, true / false / null for
 * LegalInsurance. The form then goes through validateQuestionnaire. Pure.
 */
export function readQuestionnaireSubmission(answers: QuestionnaireAnswers): QuestionnaireSubmissionReading {
  const known = new Set<string>(Object.values(QUESTIONNAIRE_ANSWER_KEYS));
  const unknownKeys = Object.keys(answers)
    .filter((name) => !known.has(name))
    .sort();
  const malformed: QuestionnaireField[] = [];
  const form: { -readonly [F in QuestionnaireField]: string } = { ...EMPTY_QUESTIONNAIRE };
  for (const field of QUESTIONNAIRE_FIELDS) {
    const name = QUESTIONNAIRE_ANSWER_KEYS[field];
    const value = Object.prototype.hasOwnProperty.call(answers, name) ? answers[name] : undefined;
    if (value === undefined || value === null) continue;
    if (field === 'legalInsurance') {
      if (typeof value === 'boolean') form[field] = value ? 'yes' : 'no';
      else malformed.push(field);
    } else if (typeof value === 'string') form[field] = value;
    else malformed.push(field);
  }
  return { form, unknownKeys, malformed };
}
