import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { questionnaireAnswerRows } from './questionnaireAnswers.js';

describe('questionnaireAnswerRows', () => {
  const t = createI18n().t;

  it('should show every answer the web form stores under a German label with German option texts and dates', () => {
    const rows = questionnaireAnswerRows(
      {
        BirthDate: '1984-03-07',
        Occupation: 'Erzieherin',
        MaritalStatus: 'married',
        LegalInsurance: true,
        InsuranceCompany: null,
        Opponent: 'Muster GmbH',
        PreferredContact: 'phone',
      },
      t,
    );
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Geburtsdatum', '07.03.1984'],
      ['Beruf', 'Erzieherin'],
      ['Familienstand', 'verheiratet'],
      ['Rechtsschutzversicherung', 'Ja'],
      ['Versicherung', '–'],
      ['Gegenseite', 'Muster GmbH'],
      ['Bevorzugter Kontaktweg', 'Telefon'],
    ]);
  });

  it('should keep free text that happens to look like an option code, and the name of an unknown field', () => {
    const rows = questionnaireAnswerRows({ Description: 'single', Zusatzfeld: 'Wert' }, t);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Schilderung', 'single'],
      ['Zusatzfeld', 'Wert'],
    ]);
  });
});
