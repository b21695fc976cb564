// Field rules for client input beyond the wire codecs: the rules of core's browser forms, answered with German
// messages that name the field to correct (the browser shows its own texts for the same rules).
import {
  BIRTH_DATE_MIN,
  CITY_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  PLACE_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  germanMediumDate,
  personUpdateErrors,
  placeError,
  PERSON_FIELDS,
  QUESTIONNAIRE_FIELDS,
  questionnaireAnswers,
  readQuestionnaireSubmission,
  SHORT_ANSWER_MAX,
  STREET_MAX,
  validateContactForm,
  validateQuestionnaire,
  type ContactErrorKey,
  type ContactMessage,
  type PersonErrorKey,
  type PlaceErrorKey,
  type PersonInfo,
  type PersonUpdate,
  type QuestionnaireAnswers,
  type QuestionnaireErrorKey,
  type QuestionnaireField,
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
 * stored. A field left out stays as it is; a field sent must be valid (none of them can be cleared), and an address
 * is complete with what is `stored`.
 */
export function validatePersonUpdate(update: PersonUpdate, stored: Pick<PersonInfo, 'Street' | 'PostalCode' | 'City'>): string[] {
  const errors = personUpdateErrors(update, stored);
  return PERSON_FIELDS.flatMap((field) => {
    const key = errors[field];
    return key ? [personMessages[key]] : [];
  });
}

/** The German refusal of each rule of the Vollmacht's place (core's signatureForm). */
const placeMessages: Record<PlaceErrorKey, string> = {
  'CaseFile.PowerOfAttorney.Error.PlaceRequired': 'Bitte geben Sie den Ort an.',
  'CaseFile.PowerOfAttorney.Error.PlaceInvalid': 'Bitte geben Sie als Ort einen Ortsnamen an (mindestens zwei Buchstaben), z. B. Köln.',
  'CaseFile.PowerOfAttorney.Error.PlaceTooLong': `Der Ort darf höchstens ${PLACE_MAX} Zeichen lang sein.`,
};

/** The German refusal of the Vollmacht's place (the browser form's rule), or undefined when it may be printed. */
export function checkPlace(place: string): string | undefined {
  const key = placeError(place);
  return key && placeMessages[key];
}

/** The German refusal of each rule of the contact form (core's contactForm). */
const contactMessages: Record<ContactErrorKey, string> = {
  'CaseFile.Contact.Error.SubjectRequired': 'Bitte geben Sie einen Betreff ein.',
  'CaseFile.Contact.Error.SubjectTooLong': `Der Betreff darf höchstens ${CONTACT_SUBJECT_MAX} Zeichen lang sein.`,
  'CaseFile.Contact.Error.MessageRequired': 'Bitte schreiben Sie eine Nachricht.',
  'CaseFile.Contact.Error.MessageTooLong': `Die Nachricht darf höchstens ${CONTACT_MESSAGE_MAX} Zeichen lang sein.`,
};

/** The German messages of every rule the message breaks (subject first); empty when it may be sent. */
export function validateContact(message: ContactMessage): string[] {
  const errors = validateContactForm({ subject: message.Subject, message: message.Message });
  return [errors.subject, errors.message].flatMap((key) => (key ? [contactMessages[key]] : []));
}

/** The German refusal of each rule of the questionnaire (core's questionnaireForm), naming the field. */
const questionnaireMessages: Record<QuestionnaireErrorKey, string> = {
  'CaseFile.Questionnaire.Error.BirthDate.Required': 'Bitte geben Sie Ihr Geburtsdatum an.',
  'CaseFile.Questionnaire.Error.BirthDate.Invalid': 'Bitte geben Sie als Geburtsdatum ein gültiges Datum an, z. B. 1980-05-17.',
  'CaseFile.Questionnaire.Error.BirthDate.Future': 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  'CaseFile.Questionnaire.Error.BirthDate.TooEarly': `Das Geburtsdatum darf nicht vor dem ${germanMediumDate(BIRTH_DATE_MIN)} liegen.`,
  'CaseFile.Questionnaire.Error.Occupation.TooLong': `Der Beruf darf höchstens ${SHORT_ANSWER_MAX} Zeichen lang sein.`,
  'CaseFile.Questionnaire.Error.MaritalStatus.Invalid': 'Bitte wählen Sie einen Familienstand aus der Liste.',
  'CaseFile.Questionnaire.Error.LegalInsurance.Required': 'Bitte geben Sie an, ob Sie eine Rechtsschutzversicherung haben.',
  'CaseFile.Questionnaire.Error.InsuranceCompany.Required': 'Bitte geben Sie den Namen Ihrer Versicherung an.',
  'CaseFile.Questionnaire.Error.InsuranceCompany.TooLong': `Der Name der Versicherung darf höchstens ${SHORT_ANSWER_MAX} Zeichen lang sein.`,
  'CaseFile.Questionnaire.Error.InsuranceNumber.Required': 'Bitte geben Sie Ihre Versicherungsnummer an.',
  'CaseFile.Questionnaire.Error.InsuranceNumber.Invalid':
    'Die Versicherungsnummer darf 3 bis 40 Buchstaben, Ziffern, Leerzeichen, Punkte, Schrägstriche oder Bindestriche enthalten.',
  'CaseFile.Questionnaire.Error.Opponent.TooLong': `Die Angabe zur Gegenseite darf höchstens ${SHORT_ANSWER_MAX} Zeichen lang sein.`,
  'CaseFile.Questionnaire.Error.IncidentDate.Invalid': 'Bitte geben Sie als Datum des Ereignisses ein gültiges Datum an, das nicht in der Zukunft liegt.',
  'CaseFile.Questionnaire.Error.Description.Required': 'Bitte beschreiben Sie kurz, was passiert ist.',
  'CaseFile.Questionnaire.Error.Description.TooShort': `Bitte beschreiben Sie, was passiert ist, mit mindestens ${DESCRIPTION_MIN} Zeichen.`,
  'CaseFile.Questionnaire.Error.Description.TooLong': `Die Beschreibung, was passiert ist, darf höchstens ${DESCRIPTION_MAX} Zeichen lang sein.`,
  'CaseFile.Questionnaire.Error.PreferredContact.Required': 'Bitte wählen Sie, wie wir Sie erreichen sollen: per E-Mail, Telefon oder Post.',
};

/** The fields as the form labels them, for answers of the wrong type. */
const questionnaireLabels: Record<QuestionnaireField, string> = {
  birthDate: 'Geburtsdatum',
  occupation: 'Beruf',
  maritalStatus: 'Familienstand',
  legalInsurance: 'Rechtsschutzversicherung',
  insuranceCompany: 'Name der Versicherung',
  insuranceNumber: 'Versicherungsnummer',
  opponent: 'Gegenseite',
  incidentDate: 'Datum des Ereignisses',
  description: 'Was ist passiert?',
  preferredContact: 'Kontaktweg',
};

/** At most this many unknown keys are named, each cut to this length: the message stays short whatever is sent. */
const namedUnknownKeys = 5;
const unknownKeyLength = 40;

function unknownKeysMessage(keys: readonly string[]): string {
  const named = keys.slice(0, namedUnknownKeys).map((key) => `„${key.length > unknownKeyLength ? `${key.slice(0, unknownKeyLength)}…` : key}“`);
  const more = keys.length > namedUnknownKeys ? ` und ${keys.length - namedUnknownKeys} weitere` : '';
  return `Der Fragebogen hat keine Angabe ${named.join(', ')}${more}.`;
}

function malformedMessage(field: QuestionnaireField): string {
  return field === 'legalInsurance'
    ? `Die Angabe „${questionnaireLabels[field]}“ muss Ja oder Nein sein (true oder false).`
    : `Die Angabe „${questionnaireLabels[field]}“ muss ein Text sein.`;
}

export type QuestionnaireCheck = { ok: true; answers: QuestionnaireAnswers } | { ok: false; problems: string[] };

/**
 * The browser form's rules applied to a submitted answers object (`today`: the Europe/Berlin calendar day):
 * unknown keys, values of the wrong type and every broken field rule are named in German. What may be stored is
 * the answers object the browser itself builds from the same form: trimmed, null for empty, insurance data only
 * with insurance.
 */
export function checkQuestionnaire(submitted: QuestionnaireAnswers, today: string): QuestionnaireCheck {
  const { form, unknownKeys, malformed } = readQuestionnaireSubmission(submitted);
  const errors = validateQuestionnaire(form, today);
  const problems = [
    ...(unknownKeys.length > 0 ? [unknownKeysMessage(unknownKeys)] : []),
    ...QUESTIONNAIRE_FIELDS.flatMap((field) => {
      if (malformed.includes(field)) return [malformedMessage(field)];
      const key = errors[field];
      return key ? [questionnaireMessages[key]] : [];
    }),
  ];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, answers: questionnaireAnswers(form) };
}
