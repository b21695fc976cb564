// The client's questionnaire answers as German label/value rows for the lawyer: the stored answers use
// the web form's field names and option codes, which a lawyer should never have to read.
import type { TFunction } from 'i18next';

export type AnswerValue = string | boolean | number | null;

export interface AnswerRow {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' });

function valueText(key: string, value: AnswerValue, t: TFunction): string {
  if (value === null || value === '') return '–';
  if (typeof value === 'boolean') return value ? t('CaseFiles.Yes') : t('CaseFiles.No');
  if (typeof value === 'number') return new Intl.NumberFormat('de-DE').format(value);
  if (CALENDAR_DAY.test(value)) return dayFormat.format(new Date(`${value}T00:00:00Z`));
  // Option codes (e.g. marital status) have a German text; free text shows as written.
  return t(`CaseFiles.Answer.${key}.${value}`, { defaultValue: value });
}

/** Rows in the order the client answered them; an unknown field keeps its name rather than disappearing. */
export function questionnaireAnswerRows(answers: Readonly<Record<string, AnswerValue>>, t: TFunction): AnswerRow[] {
  return Object.entries(answers).map(([key, value]) => ({ key, label: t(`CaseFiles.Answer.${key}`, { defaultValue: key }), value: valueText(key, value, t) }));
}
