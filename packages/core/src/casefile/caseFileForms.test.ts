import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerSubject, validateContactForm, CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from './contactForm.js';
import { firmMessageProblems } from './contactReply.js';
import { isLawyerPhoto, lawyerMenuKey } from './lawyerLabel.js';
import { caseSteps } from './nextSteps.js';
import { spokenPhoneNumberPart } from './pinForm.js';
import {
  CITY_MAX,
  formatPersonAddress,
  personFormFrom,
  personUpdateErrors,
  personUpdateFrom,
  addressRequired,
  STREET_MAX,
  validatePersonForm,
  type PersonForm,
} from './personForm.js';
import {
  BIRTH_DATE_MIN,
  EMPTY_QUESTIONNAIRE,
  QUESTIONNAIRE_ANSWER_KEYS,
  QUESTIONNAIRE_ERROR_KEYS,
  questionnaireAnswers,
  questionnaireFormFrom,
  readQuestionnaireSubmission,
  validateQuestionnaire,
  type QuestionnaireForm,
} from './questionnaireForm.js';
import { placeError, validateSignatureForm } from './signatureForm.js';
import { ALLOWED_DOCUMENT_EXTENSIONS, checkUpload, MAX_DOCUMENT_BYTES } from './uploadRules.js';

describe('checkUpload', () => {
  it('should accept every allowed extension in any case up to exactly 10 MiB', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALLOWED_DOCUMENT_EXTENSIONS), fc.integer({ min: 1, max: MAX_DOCUMENT_BYTES }), fc.boolean(), (ext, size, upper) => {
        expect(checkUpload({ name: `datei.${upper ? ext.toUpperCase() : ext}`, size })).toBeNull();
      }),
    );
  });

  it('should refuse empty files, files over 10 MiB and other types', () => {
    expect(checkUpload({ name: 'a.pdf', size: 0 })).toBe('CaseFile.Documents.Error.Empty');
    expect(checkUpload({ name: 'a.pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe('CaseFile.Documents.Error.TooLarge');
    for (const name of ['a.exe', 'a.svg', 'a.html', 'pdf', 'a.odt', 'a.pdf.exe'])
      expect(checkUpload({ name, size: 5 })).toBe('CaseFile.Documents.Error.UnsupportedType');
  });
});

describe('spokenPhoneNumberPart', () => {
  it('should give a screen reader the masked number’s start and the digits before the PIN one by one, without the dots', () => {
    expect(spokenPhoneNumberPart('+49 170 ••• 55')).toEqual({ start: '+49 170', beforePin: '5 5' });
    // Short numbers are masked without the prefix group (the server's maskedPhoneNumberPart).
    expect(spokenPhoneNumberPart('+43 ••• 12')).toEqual({ start: '+43', beforePin: '1 2' });
  });

  it('should leave a number masked some other way to be shown and read as it is', () => {
    expect(spokenPhoneNumberPart('0171 23**')).toBeNull();
    expect(spokenPhoneNumberPart('')).toBeNull();
  });
});

describe('validateContactForm', () => {
  it('should require subject and message and keep the server limits', () => {
    expect(validateContactForm({ subject: ' ', message: '' })).toEqual({
      subject: 'CaseFile.Contact.Error.SubjectRequired',
      message: 'CaseFile.Contact.Error.MessageRequired',
    });
    expect(validateContactForm({ subject: 'x'.repeat(201), message: 'y'.repeat(CONTACT_MESSAGE_MAX + 1) })).toEqual({
      subject: 'CaseFile.Contact.Error.SubjectTooLong',
      message: 'CaseFile.Contact.Error.MessageTooLong',
    });
    expect(validateContactForm({ subject: 'Frage', message: 'Wann gibt es Neuigkeiten?' })).toEqual({});
  });

  it('should take a subject or message of invisible characters only for blank', () => {
    expect(validateContactForm({ subject: '\u200b', message: '\u200b\u2060 ' })).toEqual({
      subject: 'CaseFile.Contact.Error.SubjectRequired',
      message: 'CaseFile.Contact.Error.MessageRequired',
    });
  });
});

describe('answerSubject', () => {
  it('should put „Re: “ before the firm’s subject once', () => {
    expect(answerSubject(' Fehlende Unterlagen ')).toBe('Re: Fehlende Unterlagen');
    expect(answerSubject('Re: Fehlende Unterlagen')).toBe('Re: Fehlende Unterlagen');
  });

  it('should cut a long subject to what the contact form takes, never splitting an emoji', () => {
    const cut = answerSubject(`${'x'.repeat(195)}😀😀`);
    expect(cut.length).toBeLessThanOrEqual(CONTACT_SUBJECT_MAX);
    expect(cut).toBe(`Re: ${'x'.repeat(195)}`);
    expect(validateContactForm({ subject: answerSubject('s'.repeat(CONTACT_SUBJECT_MAX)), message: 'Antwort' })).toEqual({});
  });
});

describe('firmMessageProblems', () => {
  it('should require subject and text, counting invisible characters as empty', () => {
    expect(firmMessageProblems({ subject: ' \u200b', text: '' })).toEqual({ subject: 'Required', text: 'Required' });
  });

  it('should refuse a subject over 200 and a text over 5,000 characters, and accept the limits', () => {
    expect(firmMessageProblems({ subject: 's'.repeat(201), text: 't'.repeat(5001) })).toEqual({ subject: 'TooLong', text: 'TooLong' });
    expect(firmMessageProblems({ subject: ` ${'s'.repeat(200)} `, text: 't'.repeat(5000) })).toEqual({});
  });
});

describe('personal data (Persönliche Daten)', () => {
  const valid: PersonForm = { email: 'erika@example.org', street: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' };

  it('should take a street or city of invisible characters only for blank', () => {
    expect(validatePersonForm({ ...valid, street: '\u200b\u200b', city: ' \u2060' })).toEqual({
      street: 'CaseFile.Person.Error.Street.Required',
      city: 'CaseFile.Person.Error.City.Required',
    });
  });

  it('should accept a complete German address and a valid e-mail, also with surrounding whitespace', () => {
    expect(validatePersonForm(valid)).toEqual({});
    expect(validatePersonForm({ email: ' erika@example.org ', street: '  Hauptstr. 1 ', postalCode: ' 01067 ', city: ' Köln\t' })).toEqual({});
    expect(validatePersonForm({ ...valid, street: 'x'.repeat(STREET_MAX), city: 'y'.repeat(CITY_MAX) })).toEqual({});
  });

  it('should require every field; blank counts as empty', () => {
    expect(validatePersonForm({ email: '', street: '   ', postalCode: '', city: ' ' })).toEqual({
      email: 'CaseFile.Person.Error.Email.Required',
      street: 'CaseFile.Person.Error.Street.Required',
      postalCode: 'CaseFile.Person.Error.PostalCode.Required',
      city: 'CaseFile.Person.Error.City.Required',
    });
  });

  it('should refuse an e-mail address that does not look like one', () => {
    for (const email of ['kein-at-zeichen', 'erika@', '@example.org', 'erika@example', 'erika @example.org', `${'a'.repeat(250)}@example.org`])
      expect(validatePersonForm({ ...valid, email }).email).toBe('CaseFile.Person.Error.Email.Invalid');
  });

  it('should want exactly five digits as postal code', () => {
    for (const postalCode of ['abcde', '1234', '123456', '5066a', '50 667', 'D-50667', '５０６６７'])
      expect(validatePersonForm({ ...valid, postalCode }).postalCode).toBe('CaseFile.Person.Error.PostalCode.Invalid');
  });

  it('should keep street and city within their maximum length', () => {
    expect(validatePersonForm({ ...valid, street: 'x'.repeat(STREET_MAX + 1), city: 'y'.repeat(CITY_MAX + 1) })).toEqual({
      street: 'CaseFile.Person.Error.Street.TooLong',
      city: 'CaseFile.Person.Error.City.TooLong',
    });
  });

  it('should check only the fields a PUT body sends, and refuse null or blank ones (nothing can be cleared)', () => {
    const stored = { Street: 'Hauptstr. 1', PostalCode: '50667', City: 'Köln' };
    expect(personUpdateErrors({}, stored)).toEqual({});
    expect(personUpdateErrors({ PostalCode: '10115' }, stored)).toEqual({});
    expect(personUpdateErrors({ Email: null, Street: ' ', PostalCode: 'abcde', City: null }, stored)).toEqual({
      email: 'CaseFile.Person.Error.Email.Required',
      street: 'CaseFile.Person.Error.Street.Required',
      postalCode: 'CaseFile.Person.Error.PostalCode.Invalid',
      city: 'CaseFile.Person.Error.City.Required',
    });
  });

  it('should refuse a PUT body that starts an address without the parts neither sent nor stored', () => {
    const none = { Street: null, PostalCode: null, City: null };
    expect(personUpdateErrors({ Email: 'erika@example.org' }, none)).toEqual({});
    expect(personUpdateErrors({ Street: 'Hauptstr. 1' }, none)).toEqual({
      postalCode: 'CaseFile.Person.Error.PostalCode.Required',
      city: 'CaseFile.Person.Error.City.Required',
    });
    expect(personUpdateErrors({ Street: 'Hauptstr. 1', PostalCode: '50667', City: 'Köln' }, none)).toEqual({});
    expect(personUpdateErrors({ City: 'Bonn' }, { Street: 'Hauptstr. 1', PostalCode: '50667', City: null })).toEqual({});
  });

  it('should let the e-mail address be saved alone while no address is stored, and keep a stored or started one required', () => {
    const none = { Street: null, PostalCode: null, City: null };
    const emailOnly = { email: 'erika@example.org', street: ' ', postalCode: '', city: '' };
    expect(addressRequired(emailOnly, none)).toBe(false);
    expect(validatePersonForm(emailOnly, none)).toEqual({});
    expect(personUpdateFrom(emailOnly)).toEqual({ Email: 'erika@example.org' });
    // A started address must be complete, and a stored one cannot be removed by emptying the fields.
    expect(validatePersonForm({ ...emailOnly, city: 'Köln' }, none)).toEqual({
      street: 'CaseFile.Person.Error.Street.Required',
      postalCode: 'CaseFile.Person.Error.PostalCode.Required',
    });
    expect(addressRequired(emailOnly, { ...none, City: 'Köln' })).toBe(true);
    expect(validatePersonForm(emailOnly, { ...none, City: 'Köln' })).toMatchObject({ street: 'CaseFile.Person.Error.Street.Required' });
    // Without the stored data (the server's full check) every field stays required.
    expect(validatePersonForm(emailOnly)).toMatchObject({ city: 'CaseFile.Person.Error.City.Required' });
  });

  it('should send trimmed values and read stored data back into the form', () => {
    expect(personUpdateFrom({ email: ' erika@example.org ', street: ' Hauptstr. 1', postalCode: '50667 ', city: ' Köln ' })).toEqual({
      Email: 'erika@example.org',
      Street: 'Hauptstr. 1',
      PostalCode: '50667',
      City: 'Köln',
    });
    const person = { FirstName: 'Erika', LastName: 'Muster', Phone: 'x', Email: null, Street: 'Hauptstr. 1', PostalCode: null, City: 'Köln' };
    expect(personFormFrom(person)).toEqual({ email: '', street: 'Hauptstr. 1', postalCode: '', city: 'Köln' });
  });

  it('should show the address as one line "Straße Nr., PLZ Ort", leaving out what is missing', () => {
    expect(formatPersonAddress({ Street: 'Hauptstr. 1', PostalCode: '50667', City: 'Köln' })).toBe('Hauptstr. 1, 50667 Köln');
    expect(formatPersonAddress({ Street: null, PostalCode: '50667', City: 'Köln' })).toBe('50667 Köln');
    expect(formatPersonAddress({ Street: 'Hauptstr. 1', PostalCode: null, City: ' ' })).toBe('Hauptstr. 1');
    expect(formatPersonAddress({ Street: null, PostalCode: null, City: null })).toBe('');
  });
});

describe('questionnaire', () => {
  const today = '2026-11-23';
  const valid: QuestionnaireForm = {
    ...EMPTY_QUESTIONNAIRE,
    birthDate: '1980-05-17',
    legalInsurance: 'no',
    description: 'Der Vermieter hat die Kaution nicht zurückgezahlt.',
    preferredContact: 'email',
  };

  it('should accept a complete form', () => {
    expect(validateQuestionnaire(valid, today)).toEqual({});
  });

  it('should name every missing required field', () => {
    expect(Object.keys(validateQuestionnaire(EMPTY_QUESTIONNAIRE, today)).sort()).toEqual(['birthDate', 'description', 'legalInsurance', 'preferredContact']);
  });

  it('should refuse a birth date in the future or that does not exist, and an incident after today', () => {
    expect(validateQuestionnaire({ ...valid, birthDate: '2026-11-24' }, today).birthDate).toBe('CaseFile.Questionnaire.Error.BirthDate.Future');
    expect(validateQuestionnaire({ ...valid, birthDate: '1981-02-30' }, today).birthDate).toBe('CaseFile.Questionnaire.Error.BirthDate.Invalid');
    expect(validateQuestionnaire({ ...valid, birthDate: '17.05.1980' }, today).birthDate).toBe('CaseFile.Questionnaire.Error.BirthDate.Invalid');
    expect(validateQuestionnaire({ ...valid, incidentDate: '2026-11-24' }, today).incidentDate).toBe('CaseFile.Questionnaire.Error.IncidentDate.Invalid');
    expect(validateQuestionnaire({ ...valid, incidentDate: today }, today)).toEqual({});
  });

  it('should accept the birth date of a minor – a firm’s clients include children – up to today, not tomorrow', () => {
    const birthDate = (date: string, on = today) => validateQuestionnaire({ ...valid, birthDate: date }, on).birthDate;
    // The tester's eleven-year-old, a newborn and the day before the 18th birthday.
    for (const date of ['2015-05-01', today, '2008-11-24']) expect(birthDate(date), date).toBeUndefined();
    expect(birthDate('2026-11-24')).toBe('CaseFile.Questionnaire.Error.BirthDate.Future');
    expect(QUESTIONNAIRE_ERROR_KEYS.some((k) => k.endsWith('Underage'))).toBe(false);
  });

  it('should refuse an implausibly early birth date (before 1900) as a typing slip', () => {
    expect(validateQuestionnaire({ ...valid, birthDate: '1899-12-31' }, today).birthDate).toBe('CaseFile.Questionnaire.Error.BirthDate.TooEarly');
    expect(validateQuestionnaire({ ...valid, birthDate: '0985-05-17' }, today).birthDate).toBe('CaseFile.Questionnaire.Error.BirthDate.TooEarly');
    expect(validateQuestionnaire({ ...valid, birthDate: BIRTH_DATE_MIN }, today)).toEqual({});
  });

  it('should accept every birth date from 1900 to today and refuse every later one (property)', () => {
    const day = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (birth, on) => {
        const error = validateQuestionnaire({ ...valid, birthDate: birth }, on).birthDate;
        expect(error === undefined).toBe(birth <= on);
      }),
    );
  });

  it('should ask for insurer and number only with legal-expenses insurance', () => {
    const errors = validateQuestionnaire({ ...valid, legalInsurance: 'yes' }, today);
    expect(errors).toEqual({
      insuranceCompany: 'CaseFile.Questionnaire.Error.InsuranceCompany.Required',
      insuranceNumber: 'CaseFile.Questionnaire.Error.InsuranceNumber.Required',
    });
    expect(validateQuestionnaire({ ...valid, legalInsurance: 'yes', insuranceCompany: 'ARAG', insuranceNumber: 'RS-123/45' }, today)).toEqual({});
  });

  it('should need a description of at least 20 characters', () => {
    expect(validateQuestionnaire({ ...valid, description: 'zu kurz' }, today).description).toBe('CaseFile.Questionnaire.Error.Description.TooShort');
  });

  it('should send trimmed answers, drop insurance data without insurance and read them back into the same form', () => {
    const form = { ...valid, occupation: '  Lehrerin ', insuranceCompany: 'ARAG' };
    const answers = questionnaireAnswers(form);
    expect(answers).toMatchObject({ Occupation: 'Lehrerin', LegalInsurance: false, InsuranceCompany: null, Opponent: null });
    expect(questionnaireFormFrom(answers)).toEqual({ ...valid, occupation: 'Lehrerin' });
  });

  it('should read every answers object the browser sends back into its form, with no unknown or malformed value', () => {
    const text = fc.oneof(fc.constant(''), fc.string({ maxLength: 30 }));
    const form: fc.Arbitrary<QuestionnaireForm> = fc.record({
      birthDate: text,
      occupation: text,
      maritalStatus: text,
      legalInsurance: fc.constantFrom('yes', 'no', ''),
      insuranceCompany: text,
      insuranceNumber: text,
      opponent: text,
      incidentDate: text,
      description: text,
      preferredContact: text,
    });
    fc.assert(
      fc.property(form, (f) => {
        const answers = questionnaireAnswers(f);
        expect(Object.keys(answers).sort()).toEqual(Object.values(QUESTIONNAIRE_ANSWER_KEYS).sort());
        expect(readQuestionnaireSubmission(answers)).toEqual({ form: questionnaireFormFrom(answers), unknownKeys: [], malformed: [] });
      }),
    );
  });

  it('should name keys the form does not have and values of another type than the browser sends, reading them as empty', () => {
    const sent = JSON.parse('{"__proto__":"x","birthDate":"1980-05-17","Description":5,"LegalInsurance":"yes","Occupation":null,"BirthDate":true}');
    expect(readQuestionnaireSubmission(sent)).toEqual({
      form: EMPTY_QUESTIONNAIRE,
      unknownKeys: ['__proto__', 'birthDate'],
      malformed: ['birthDate', 'legalInsurance', 'description'],
    });
    expect(readQuestionnaireSubmission({}).form).toEqual(EMPTY_QUESTIONNAIRE);
  });
});

describe('validateSignatureForm', () => {
  it('should refuse a place that is no place name – digits or punctuation only, or a single letter – and take real ones', () => {
    for (const place of ['1', ' 1 ', '12345', '-', '..', '§', 'K', 'K.', '1 2']) {
      expect(validateSignatureForm({ drawnPoints: 40, typedName: '', place }).place, place).toBe('CaseFile.PowerOfAttorney.Error.PlaceInvalid');
      expect(placeError(place), place).toBe('CaseFile.PowerOfAttorney.Error.PlaceInvalid');
    }
    for (const place of ['Köln', 'Halle (Saale)', 'St. Ingbert', 'Frankfurt am Main', 'Au', 'Łódź', 'Αθήνα', '東京', 'Berlin 10115']) {
      expect(placeError(place), place).toBeUndefined();
    }
  });

  it('should need a drawn or typed signature and a place', () => {
    expect(validateSignatureForm({ drawnPoints: 3, typedName: '', place: '' })).toEqual({
      signature: 'CaseFile.PowerOfAttorney.Error.SignatureRequired',
      place: 'CaseFile.PowerOfAttorney.Error.PlaceRequired',
    });
    expect(validateSignatureForm({ drawnPoints: 40, typedName: '', place: 'Berlin' })).toEqual({});
    expect(validateSignatureForm({ drawnPoints: 0, typedName: 'Max Muster', place: 'Köln' })).toEqual({});
    expect(validateSignatureForm({ drawnPoints: 40, typedName: '', place: 'x'.repeat(101) }).place).toBe('CaseFile.PowerOfAttorney.Error.PlaceTooLong');
  });

  it('should say that a typed name is too short instead of asking to type one, and not when it is long enough or drawn', () => {
    expect(validateSignatureForm({ drawnPoints: 0, typedName: ' E ', place: 'Köln' })).toEqual({
      signature: 'CaseFile.PowerOfAttorney.Error.TypedNameTooShort',
    });
    expect(validateSignatureForm({ drawnPoints: 0, typedName: '  ', place: 'Köln' })).toEqual({
      signature: 'CaseFile.PowerOfAttorney.Error.SignatureRequired',
    });
    expect(validateSignatureForm({ drawnPoints: 0, typedName: 'Em', place: 'Köln' })).toEqual({});
    expect(validateSignatureForm({ drawnPoints: 40, typedName: 'E', place: 'Köln' })).toEqual({});
  });

  it('should count the letters of a typed name, so an emoji, dots or digits are no signature', () => {
    for (const typedName of ['😀', '👍🏽', '..', '12', 'É.']) {
      expect(validateSignatureForm({ drawnPoints: 0, typedName, place: 'Köln' })).toEqual({ signature: 'CaseFile.PowerOfAttorney.Error.TypedNameTooShort' });
    }
    expect(validateSignatureForm({ drawnPoints: 0, typedName: 'Zoë Ünal', place: 'Köln' })).toEqual({});
    expect(validateSignatureForm({ drawnPoints: 0, typedName: '李明', place: 'Köln' })).toEqual({});
  });
});

describe('lawyerMenuKey', () => {
  it('should word the lawyer entry by gender with Kontakt as fallback', () => {
    expect(lawyerMenuKey('female')).toBe('CaseFile.Menu.LawyerFemale');
    expect(lawyerMenuKey('male')).toBe('CaseFile.Menu.LawyerMale');
    expect(lawyerMenuKey('other')).toBe('CaseFile.Menu.LawyerOther');
    expect(lawyerMenuKey(null)).toBe('CaseFile.Menu.LawyerOther');
  });
});

describe('caseSteps', () => {
  const at = '2026-11-23T10:00:00Z';
  const entry = (Id: string, Kind: string) => ({ Id, Created: at, Kind, Title: Kind, Text: '' });
  const state = (history: ReturnType<typeof entry>[], questionnaireSubmitted = false) =>
    caseSteps('tok', { closed: false, questionnaireSubmitted, history }).map((s) => `${s.id}:${s.done ? 'done' : 'open'}`);

  it('should list questionnaire, Vollmacht and uploads in this order, each with its path', () => {
    expect(caseSteps('tok', { closed: false, questionnaireSubmitted: false, history: [] }).map((s) => s.path)).toEqual([
      '/digitale-fallakte/tok/fragebogen',
      '/digitale-fallakte/tok/uebersicht/vollmacht',
      '/digitale-fallakte/tok/uebersicht/dokumente',
    ]);
  });

  it('should keep done steps and mark them done instead of dropping them', () => {
    expect(state([])).toEqual(['questionnaire:open', 'powerOfAttorney:open', 'documents:open']);
    expect(state([entry('h1', 'PowerOfAttorneySigned')], true)).toEqual(['questionnaire:done', 'powerOfAttorney:done', 'documents:open']);
    expect(state([entry('h1', 'DocumentUploaded')])).toEqual(['questionnaire:open', 'powerOfAttorney:open', 'documents:done']);
    // A removed upload no longer counts.
    expect(state([entry('h2', 'DocumentRemoved'), entry('h1', 'DocumentUploaded')])).toContain('documents:open');
    // What the firm shared and took back again is none of the client's uploads: it neither counts nor cancels one.
    expect(state([entry('h3', 'DocumentWithdrawn'), entry('h2', 'DocumentShared'), entry('h1', 'DocumentUploaded')])).toContain('documents:done');
    expect(state([entry('h2', 'DocumentWithdrawn'), entry('h1', 'DocumentShared')])).toContain('documents:open');
  });

  it('should call no step of a closed case a to-do („offen“): it cannot be done any more, a done one stays done', () => {
    const steps = caseSteps('tok', { closed: true, questionnaireSubmitted: false, history: [entry('h1', 'PowerOfAttorneySigned')] });
    expect(steps.map((s) => `${s.id}:${s.done ? 'done' : s.open ? 'open' : 'none'}`)).toEqual(['questionnaire:none', 'powerOfAttorney:done', 'documents:none']);
    expect(caseSteps('tok', { closed: false, questionnaireSubmitted: false, history: [] }).every((s) => s.open)).toBe(true);
  });
});

describe('isLawyerPhoto', () => {
  it('should call only an uploaded picture a photo, not the generated initials', () => {
    expect(isLawyerPhoto('http://localhost:8081/api/chat/agent/photo/l1/abc.png')).toBe(true);
    expect(isLawyerPhoto('http://localhost:8081/api/chat/agent/avatar/l1.svg')).toBe(false);
    expect(isLawyerPhoto('/api/chat/agent/avatar/l%201.svg?v=2')).toBe(false);
    expect(isLawyerPhoto('')).toBe(false);
    expect(isLawyerPhoto(null)).toBe(false);
  });
});
