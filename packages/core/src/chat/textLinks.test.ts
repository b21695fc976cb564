import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textWithLinks } from './textLinks.js';

describe('textWithLinks', () => {
  it('leaves a message without an address as one text part', () => {
    expect(textWithLinks('Guten Tag, wie kann ich helfen?')).toEqual([{ text: 'Guten Tag, wie kann ich helfen?' }]);
    expect(textWithLinks('')).toEqual([{ text: '' }]);
  });

  it('turns an https address inside a sentence into a link without the full stop after it', () => {
    expect(textWithLinks('Das Formular finden Sie unter https://www.justiz.de/formulare/index.php. Bitte ausfüllen.')).toEqual([
      { text: 'Das Formular finden Sie unter ' },
      { text: 'https://www.justiz.de/formulare/index.php', href: 'https://www.justiz.de/formulare/index.php' },
      { text: '. Bitte ausfüllen.' },
    ]);
  });

  it('opens a www address over https', () => {
    expect(textWithLinks('Siehe www.verbraucherzentrale.de!')).toEqual([
      { text: 'Siehe ' },
      { text: 'www.verbraucherzentrale.de', href: 'https://www.verbraucherzentrale.de' },
      { text: '!' },
    ]);
  });

  it('keeps a closing parenthesis the address opened and drops one that closes the sentence', () => {
    expect(textWithLinks('(siehe https://de.wikipedia.org/wiki/Mietrecht_(Deutschland))')).toEqual([
      { text: '(siehe ' },
      { text: 'https://de.wikipedia.org/wiki/Mietrecht_(Deutschland)', href: 'https://de.wikipedia.org/wiki/Mietrecht_(Deutschland)' },
      { text: ')' },
    ]);
  });

  it('stops at German quotation marks and line breaks', () => {
    expect(textWithLinks('„http://example.de/a“\nweiter').map((part) => part.href)).toEqual([undefined, 'http://example.de/a', undefined]);
  });

  it('never links other schemes or a bare scheme', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.de', 'https://', 'www.', 'mailto:a@b.de']) {
      expect(textWithLinks(text).every((part) => part.href === undefined)).toBe(true);
    }
  });

  it('keeps every character of the message in order, and every link is http(s)', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom('https://example.de/x?y=1', 'www.beispiel.de', 'http://a.b/(c)', ') ', '. ', '„', '“', '\n', ' '));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const message = pieces.join('');
        const parts = textWithLinks(message);
        expect(parts.map((part) => part.text).join('')).toBe(message);
        for (const part of parts) if (part.href !== undefined) expect(part.href).toMatch(/^https?:\/\/[^\s]+$/i);
      }),
    );
  });
});
