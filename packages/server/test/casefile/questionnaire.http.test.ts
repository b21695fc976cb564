// POST /api/case-file/{token}/questionnaire over HTTP: the server applies the browser form's rules (core's
// questionnaireForm) itself, names every field to correct in German, stores nothing of a refused submission and
// keeps exactly the answers object the browser builds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../../src/features/casefile/service.js';
import { browserAnswers, startHarness, type Harness } from './harness.js';

const refusal = (...problems: string[]) => ({
  Error: 'InvalidInput',
  Message: ['Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben.', ...problems].join(' '),
});

describe('case-file questionnaire', () => {
  let h: Harness;
  let file: CreatedCaseFile;
  let cookie: string;
  const url = () => `/api/case-file/${file.token}/questionnaire`;
  const submit = (Answers: unknown) => h.call('POST', url(), { cookie, json: { Answers } });

  /** What is stored for the file: the answers, their time and the number of history entries. */
  const stored = async () => {
    const row = await h.t.db
      .selectFrom('case_files')
      .select(['questionnaire_json', 'questionnaire_submitted_at'])
      .where('id', '=', file.caseId)
      .executeTakeFirstOrThrow();
    const history = await h.t.db.selectFrom('case_file_history').select('id').where('case_file_id', '=', file.caseId).execute();
    return { ...row, history: history.length };
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    h.setNow(new Date('2026-06-01T09:00:00Z'));
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
  });

  it('should refuse the answers the attacker sent (lower-case keys, markup, a one-letter description) naming every field, and store nothing', async () => {
    const before = await stored();
    const res = await submit({ birthDate: '1800-01-01', evil: '<img src=x onerror=alert(1)>', description: 'x' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(
      refusal(
        'Der Fragebogen hat keine Angabe „birthDate“, „description“, „evil“.',
        'Bitte geben Sie Ihr Geburtsdatum an.',
        'Bitte geben Sie an, ob Sie eine Rechtsschutzversicherung haben.',
        'Bitte beschreiben Sie kurz, was passiert ist.',
        'Bitte wählen Sie, wie wir Sie erreichen sollen: per E-Mail, Telefon oder Post.',
      ),
    );
    expect(await stored()).toEqual(before);
    expect(await (await h.call('GET', url(), { cookie })).json()).toEqual({ Submitted: false, Answers: {} });
  });

  it('should refuse an unknown key holding a number too large for JSON doubles', async () => {
    const res = await h.call('POST', url(), { cookie, body: '{"Answers":{"a":1e999}}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Message: string }).Message).toContain('Der Fragebogen hat keine Angabe „a“.');
  });

  it('should name at most five unknown keys, each shortened, however many are sent', async () => {
    const junk = Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`k${String(i).padStart(2, '0')}${'x'.repeat(100)}`, 'y']));
    const res = await submit({ ...browserAnswers, ...junk });
    const { Message } = (await res.json()) as { Message: string };
    expect(Message).toBe(
      refusal(`Der Fragebogen hat keine Angabe ${['00', '01', '02', '03', '04'].map((n) => `„k${n}${'x'.repeat(37)}…“`).join(', ')} und 85 weitere.`).Message,
    );
  });

  it.each([
    ['a birth date before 1900', { BirthDate: '1899-12-31' }, 'Das Geburtsdatum darf nicht vor dem 01.01.1900 liegen.'],
    ['a birth date in the future', { BirthDate: '2026-06-02' }, 'Das Geburtsdatum darf nicht in der Zukunft liegen.'],
    ['a birth date that does not exist', { BirthDate: '1981-02-30' }, 'Bitte geben Sie als Geburtsdatum ein gültiges Datum an, z. B. 1980-05-17.'],
    [
      'an incident tomorrow',
      { IncidentDate: '2026-06-02' },
      'Bitte geben Sie als Datum des Ereignisses ein gültiges Datum an, das nicht in der Zukunft liegt.',
    ],
    ['a description under 20 characters', { Description: '   zu kurz   ' }, 'Bitte beschreiben Sie, was passiert ist, mit mindestens 20 Zeichen.'],
    ['a description over 5000 characters', { Description: 'x'.repeat(5001) }, 'Die Beschreibung, was passiert ist, darf höchstens 5000 Zeichen lang sein.'],
    ['an occupation over 200 characters', { Occupation: 'x'.repeat(201) }, 'Der Beruf darf höchstens 200 Zeichen lang sein.'],
    ['an opponent over 200 characters', { Opponent: 'x'.repeat(201) }, 'Die Angabe zur Gegenseite darf höchstens 200 Zeichen lang sein.'],
    ['a marital status not in the list', { MaritalStatus: 'complicated' }, 'Bitte wählen Sie einen Familienstand aus der Liste.'],
    ['a contact channel not offered', { PreferredContact: 'fax' }, 'Bitte wählen Sie, wie wir Sie erreichen sollen: per E-Mail, Telefon oder Post.'],
    ['insurance without its company', { InsuranceCompany: null }, 'Bitte geben Sie den Namen Ihrer Versicherung an.'],
    [
      'an insurance number with other characters',
      { InsuranceNumber: '<b>1</b>' },
      'Die Versicherungsnummer darf 3 bis 40 Buchstaben, Ziffern, Leerzeichen, Punkte, Schrägstriche oder Bindestriche enthalten.',
    ],
    ['a number as description', { Description: 12345 }, 'Die Angabe „Was ist passiert?“ muss ein Text sein.'],
    ['"yes" instead of true for the insurance', { LegalInsurance: 'yes' }, 'Die Angabe „Rechtsschutzversicherung“ muss Ja oder Nein sein (true oder false).'],
    ['no answer on the insurance', { LegalInsurance: null }, 'Bitte geben Sie an, ob Sie eine Rechtsschutzversicherung haben.'],
  ])('should refuse %s with 400 naming the field, keeping the answers sent before', async (_name, change, message) => {
    expect((await submit(browserAnswers)).status).toBe(200);
    const before = await stored();
    h.setNow(new Date(h.now().getTime() + 60_000));
    const res = await submit({ ...browserAnswers, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refusal(message));
    expect(await stored()).toEqual(before);
    expect(await (await h.call('GET', url(), { cookie })).json()).toEqual({ Submitted: true, Answers: browserAnswers });
  });

  it.each([
    ['an eleven-year-old', '2015-05-01'],
    ['the day before the 18th birthday', '2008-06-02'],
    ['a child born today', '2026-06-01'],
  ])('should accept the birth date of a minor client (%s) – no minimum age', async (_name, BirthDate) => {
    const res = await submit({ ...browserAnswers, BirthDate });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { Answers: { BirthDate: string } }).Answers.BirthDate).toBe(BirthDate);
  });

  it('should accept a birth date of 1 January 1900 and an incident today in Berlin, even while it is still yesterday in UTC', async () => {
    h.setNow(new Date('2026-06-01T22:30:00Z'));
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
    const res = await submit({ ...browserAnswers, BirthDate: '1900-01-01', IncidentDate: '2026-06-02' });
    expect(res.status).toBe(200);
  });

  it('should store what the browser would send: trimmed, null for empty or left out, insurance data only with insurance', async () => {
    const before = await stored();
    const res = await submit({
      BirthDate: '1980-05-17',
      Occupation: '   ',
      LegalInsurance: false,
      InsuranceCompany: 'ARAG',
      InsuranceNumber: 'kein Format',
      Description: '  Der Vermieter hat die Kaution nicht zurückgezahlt.  ',
      PreferredContact: 'post',
    });
    expect(res.status).toBe(200);
    const answers = {
      BirthDate: '1980-05-17',
      Occupation: null,
      MaritalStatus: null,
      LegalInsurance: false,
      InsuranceCompany: null,
      InsuranceNumber: null,
      Opponent: null,
      IncidentDate: null,
      Description: 'Der Vermieter hat die Kaution nicht zurückgezahlt.',
      PreferredContact: 'post',
    };
    expect(await res.json()).toEqual({ Submitted: true, Answers: answers });
    expect(await (await h.call('GET', url(), { cookie })).json()).toEqual({ Submitted: true, Answers: answers });
    expect(await stored()).toEqual({
      questionnaire_json: JSON.stringify(answers),
      questionnaire_submitted_at: h.now().toISOString(),
      history: before.history + 1,
    });
  });
});
