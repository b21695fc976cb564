import { describe, expect, it } from 'vitest';
import {
  ALLOWED_DOCUMENT_EXTENSIONS,
  BIRTH_DATE_MIN,
  germanMediumDate,
  PLACE_ERROR_KEYS,
  QUESTIONNAIRE_ERROR_KEYS,
  EMPTY_QUESTIONNAIRE,
  FirmNewsKeys,
  UploadErrorKeys,
  lawyerMenuKey,
  logoutEndState,
  caseSteps,
  PERSON_ERROR_KEYS,
  validateContactForm,
  validatePersonForm,
  validateQuestionnaire,
  validateSignatureForm,
} from '@rechtschat/core';
import { createI18n, addTexts } from '../i18n/i18n.js';
import { caseFileDe } from '../i18n/de-DE/caseFile.js';
import { caseFileLegalDe } from '../i18n/de-DE/caseFileLegal.js';
import { CASE_FILE_PRIVACY, CASE_FILE_TERMS } from './pages/CaseFileLegalPages.js';

/** Every key core's case-file rules can hand to the screens, produced by the rules themselves. */
function keysFromCore(): string[] {
  const long = 'x'.repeat(6000);
  const questionnaireErrors = [
    validateQuestionnaire(EMPTY_QUESTIONNAIRE, '2026-11-23'),
    validateQuestionnaire(
      {
        ...EMPTY_QUESTIONNAIRE,
        birthDate: '2030-01-01',
        occupation: long,
        maritalStatus: 'x',
        legalInsurance: 'yes',
        opponent: long,
        incidentDate: '2030-01-01',
        description: 'kurz',
      },
      '2026-11-23',
    ),
    validateQuestionnaire({ ...EMPTY_QUESTIONNAIRE, legalInsurance: 'yes', insuranceCompany: long, insuranceNumber: '!', description: long }, '2026-11-23'),
  ].flatMap((errors) => Object.values(errors));
  return [
    ...questionnaireErrors,
    ...Object.values(UploadErrorKeys),
    ...Object.values(FirmNewsKeys).flatMap((key) => [`${key}_one`, `${key}_other`]),
    ...(['female', 'male', 'other'] as const).map(lawyerMenuKey),
    ...caseSteps('t', { closed: false, questionnaireSubmitted: false, history: [] }).flatMap((s) => [s.key, s.menuKey]),
    ...Object.values(validateContactForm({ subject: '', message: '' })),
    ...Object.values(validateContactForm({ subject: long, message: long })),
    ...Object.values(validateSignatureForm({ drawnPoints: 0, typedName: '', place: '' })),
    ...Object.values(validateSignatureForm({ drawnPoints: 0, typedName: 'E', place: '' })),
    ...Object.values(validateSignatureForm({ drawnPoints: 0, typedName: '', place: long })),
    ...Object.values(validatePersonForm({ email: '', street: ' ', postalCode: '', city: '' })),
    ...Object.values(validatePersonForm({ email: 'kein-at-zeichen', street: long, postalCode: 'abcde', city: long })),
    ...PERSON_ERROR_KEYS,
    ...QUESTIONNAIRE_ERROR_KEYS,
    ...PLACE_ERROR_KEYS,
  ];
}

describe('case-file texts', () => {
  const i18n = createI18n();
  addTexts(i18n, 'common', caseFileDe);
  addTexts(i18n, 'common', caseFileLegalDe);

  it('should have a German text for every key core’s case-file rules produce', () => {
    const keys = keysFromCore();
    expect(keys.length).toBeGreaterThan(25);
    expect(keys.filter((key) => !i18n.exists(key))).toEqual([]);
  });

  it('should have every heading and text of the case-file terms and privacy notice', () => {
    const keys = [CASE_FILE_TERMS, CASE_FILE_PRIVACY].flatMap((d) => [d.title, ...d.sections.flatMap((s) => [s.heading, s.text])]);
    expect(keys.filter((key) => !i18n.exists(key))).toEqual([]);
  });

  it('should show the same logged-out texts after the logout as on a reload of the page (shared-device advice included)', () => {
    const end = logoutEndState('tok');
    expect([end.Title, end.InfoText, end.ButtonLabel]).toEqual([
      i18n.t('CaseFile.LoggedOut.Title'),
      i18n.t('CaseFile.LoggedOut.Text'),
      i18n.t('CaseFile.LoggedOut.Again'),
    ]);
  });

  it('should name no minutes of its own in the lock messages shown beside the countdown', () => {
    for (const key of ['CaseFile.Login.LockedCountdown', 'CaseFile.Login.AddressLimitedCountdown']) {
      expect(i18n.t(key)).toContain('sobald die angezeigte Wartezeit abgelaufen ist');
      expect(i18n.t(key)).not.toMatch(/\d|Minute/);
    }
  });

  it('should name every allowed document type in the documents intro, without a comma before "oder"', () => {
    const intro = i18n.t('CaseFile.Documents.Intro');
    // jpeg/heif are the second spellings of JPG/HEIC, which the text names.
    const named = ALLOWED_DOCUMENT_EXTENSIONS.filter((e) => e !== 'jpeg' && e !== 'heif').map((e) => (e === 'webp' ? 'WebP' : e.toUpperCase()));
    expect(named.filter((type) => !intro.includes(type))).toEqual([]);
    expect(intro).not.toMatch(/, oder /);
  });

  it('should allow in the terms of use every document type the documents page accepts (the terms named PDF, images and Word only)', () => {
    const terms = i18n.t('CaseFile.Terms.Uploads.Text');
    const named = ALLOWED_DOCUMENT_EXTENSIONS.filter((e) => e !== 'jpeg' && e !== 'heif').map((e) => (e === 'webp' ? 'WebP' : e.toUpperCase()));
    expect(named.filter((type) => !terms.includes(type))).toEqual([]);
  });

  it('should say that only the law firm can change name and phone number', () => {
    expect(i18n.t('CaseFile.Person.NameHint')).toBe(
      'Ihren Namen und Ihre Telefonnummer kann nur Ihre Kanzlei ändern. Schreiben Sie ihr dazu bitte über „Kontaktieren Sie uns“.',
    );
  });

  it('should count the Handakte retention from the end of the year the mandate ended (§ 50 Abs. 1 BRAO)', () => {
    const retention = i18n.t('CaseFile.Privacy.Retention.Text');
    expect(retention).toContain('sechs Jahre aufbewahrt, gerechnet ab dem Ende des Kalenderjahres, in dem Ihr Mandat endete');
    expect(retention).not.toMatch(/angelegt/);
  });
});

describe('questionnaire birth date text', () => {
  it('names the earliest birth date the rule takes, as the server does', () => {
    expect(caseFileDe['CaseFile.Questionnaire.Error.BirthDate.TooEarly']).toContain(germanMediumDate(BIRTH_DATE_MIN));
  });
});
