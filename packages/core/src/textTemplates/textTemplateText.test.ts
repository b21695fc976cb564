import { describe, expect, it } from 'vitest';
import type { TextTemplate } from '../wire/textTemplates.js';
import { filterTextTemplates, insertTemplateText, sortTextTemplates } from './textTemplateText.js';

const template = (Id: string, Title: string, Text = `${Title} …`): TextTemplate => ({ Id, Title, Text, UpdatedAt: '2026-06-01T09:00:00.000Z' });

describe('text template helpers', () => {
  it('should sort by title in German order', () => {
    const sorted = sortTextTemplates([
      template('1', 'Zeugen'),
      template('2', 'Ärztliches Attest'),
      template('3', 'Termin 10'),
      template('4', 'Termin 2'),
      template('5', 'anrede'),
    ]);
    expect(sorted.map((t) => t.Title)).toEqual(['anrede', 'Ärztliches Attest', 'Termin 2', 'Termin 10', 'Zeugen']);
  });

  it('should find templates by title or text, ignoring case', () => {
    const all = [template('1', 'Begrüßung', 'Guten Tag, mein Name ist …'), template('2', 'Unterlagen', 'Bitte senden Sie mir den MIETVERTRAG.')];
    expect(filterTextTemplates(all, 'begrü').map((t) => t.Id)).toEqual(['1']);
    expect(filterTextTemplates(all, 'mietvertrag').map((t) => t.Id)).toEqual(['2']);
    // Upper case has no ß: a search typed in capitals, or with ss, still finds the greeting.
    expect(filterTextTemplates([template('g', 'Grüße', 'Mit freundlichen Grüßen')], 'GRÜSSE').map((t) => t.Id)).toEqual(['g']);
    expect(filterTextTemplates([template('g', 'Grüße', 'Mit freundlichen Grüßen')], 'grüssen').map((t) => t.Id)).toEqual(['g']);
    expect(filterTextTemplates(all, '  ')).toHaveLength(2);
    expect(filterTextTemplates(all, 'Kündigung')).toEqual([]);
  });

  it('should insert at the caret and put the caret after the inserted text', () => {
    expect(insertTemplateText('Hallo  Welt', 6, 6, 'schöne')).toEqual({ draft: 'Hallo schöne Welt', caret: 12, clipped: false });
  });

  it('should replace the selected text', () => {
    expect(insertTemplateText('Hallo Frau Meier!', 6, 16, 'Frau Weber')).toEqual({ draft: 'Hallo Frau Weber!', caret: 16, clipped: false });
  });

  it('should cut the template at the maximum length, as the field does with a paste', () => {
    expect(insertTemplateText('abc', 3, 3, 'defgh', 6)).toEqual({ draft: 'abcdef', caret: 6, clipped: true });
    expect(insertTemplateText('abcdef', 2, 2, 'xyz', 6)).toEqual({ draft: 'abcdef', caret: 2, clipped: true });
  });

  it('should count an emoji as one character and never split one when cutting', () => {
    expect(insertTemplateText('abcd', 4, 4, '👍x', 5)).toEqual({ draft: 'abcd👍', caret: 6, clipped: true });
    expect(insertTemplateText('😀'.repeat(4), 8, 8, '👍👍', 5)).toEqual({ draft: '😀😀😀😀👍', caret: 10, clipped: true });
    expect(insertTemplateText('', 0, 0, '😀'.repeat(750))).toEqual({ draft: '😀'.repeat(750), caret: 1500, clipped: false });
  });
});
