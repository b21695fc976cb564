import { describe, expect, it } from 'vitest';
import { MAX_CHAT_TEXT_LENGTH } from './chatText.js';
import { MAX_TEXT_TEMPLATE_TEXT_LENGTH, textTemplateTitle, textTemplateViolation, textTemplateViolations } from './textTemplate.js';

describe('text template validation', () => {
  it('should accept a title of 80 characters after trimming and a text of one whole chat message', () => {
    expect(MAX_TEXT_TEMPLATE_TEXT_LENGTH).toBe(MAX_CHAT_TEXT_LENGTH);
    expect(textTemplateViolation({ Title: `  ${'T'.repeat(80)}  `, Text: 'x'.repeat(MAX_CHAT_TEXT_LENGTH) })).toBeNull();
  });

  it.each([
    [{ Title: '   ', Text: 'Guten Tag' }, 'TitleMissing'],
    [{ Title: 'T'.repeat(81), Text: 'Guten Tag' }, 'TitleTooLong'],
    [{ Title: 'Gruß\nAbschied', Text: 'Guten Tag' }, 'TitleInvalid'],
    [{ Title: 'Gruß', Text: ' \n\t ' }, 'TextMissing'],
    [{ Title: '\u200b\u200b', Text: 'Guten Tag' }, 'TitleMissing'],
    [{ Title: 'Gruß', Text: '\u200b \u2060' }, 'TextMissing'],
    [{ Title: 'Gruß', Text: 'x'.repeat(MAX_CHAT_TEXT_LENGTH + 1) }, 'TextTooLong'],
  ] as const)('should refuse %j as %s', (template, violation) => {
    expect(textTemplateViolation(template)).toBe(violation);
  });

  it('should store a title without invisible format characters, so no bidi override turns it around in a list', () => {
    expect(textTemplateTitle(' \u202eGruß\u200b ')).toBe('Gruß');
  });

  it('should keep a text that ends in a space or line break to continue after it', () => {
    expect(textTemplateViolation({ Title: 'Anrede', Text: 'Sehr geehrte Frau \n' })).toBeNull();
  });

  it('should count an emoji as one character in title and text, as the chat message limit does', () => {
    expect(textTemplateViolation({ Title: '👍'.repeat(80), Text: '😀'.repeat(750) })).toBeNull();
    expect(textTemplateViolation({ Title: '👍'.repeat(81), Text: 'Text' })).toBe('TitleTooLong');
    expect(textTemplateViolation({ Title: 'Dank', Text: '😀'.repeat(751) })).toBe('TextTooLong');
  });

  it('should name what is wrong with the title and with the text each on its own, so a form marks both at once', () => {
    expect(textTemplateViolations({ Title: ' ', Text: '' })).toEqual({ Title: 'TitleMissing', Text: 'TextMissing' });
    expect(textTemplateViolations({ Title: 'Gruß\nAbschied', Text: 'x'.repeat(MAX_CHAT_TEXT_LENGTH + 1) })).toEqual({
      Title: 'TitleInvalid',
      Text: 'TextTooLong',
    });
    expect(textTemplateViolations({ Title: 'Gruß', Text: '' })).toEqual({ Title: null, Text: 'TextMissing' });
    expect(textTemplateViolations({ Title: 'Gruß', Text: 'Guten Tag' })).toEqual({ Title: null, Text: null });
    // The server answers the first, the title's.
    expect(textTemplateViolation({ Title: ' ', Text: '' })).toBe('TitleMissing');
  });
});
