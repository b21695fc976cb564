import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { characterCount, clipToCharacters, limitEdit, oneLineName, withoutFormatCharacters } from './characters.js';

const isLoneSurrogateAtEnd = (text: string) => /[\uD800-\uDBFF]$/.test(text);

describe('characterCount', () => {
  it('should count code points: an emoji once, as people count it', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('Grüße')).toBe(5);
    expect(characterCount('😀')).toBe(1);
    expect(characterCount('Danke 🙂')).toBe(7);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(characterCount(text)).toBe(Array.from(text).length);
      }),
    );
  });
});

describe('clipToCharacters', () => {
  it('should keep the first max code points and never end inside an emoji', () => {
    expect(clipToCharacters('😀😀😀', 2)).toBe('😀😀');
    expect(clipToCharacters('ab', 5)).toBe('ab');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(70), (text, max) => {
        const clipped = clipToCharacters(text, max);
        expect(clipped).toBe(Array.from(text).slice(0, max).join(''));
        expect(text.startsWith(clipped)).toBe(true);
      }),
    );
  });
});

describe('limitEdit', () => {
  it('should leave an edit within the limit as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.nat(40), (value, caret) => {
        expect(limitEdit(value, caret, 30)).toEqual({ value, caret, cut: false });
      }),
    );
  });

  it('should cut what a paste put before the caret, keep the text after it, and put the caret after the kept part', () => {
    // "Hallo Welt" (max 12), "liebe 😀 " pasted after "Hallo ": only "li" fits before "Welt".
    expect(limitEdit('Hallo liebe 😀 Welt', 'Hallo liebe 😀 '.length, 12)).toEqual({ value: 'Hallo liWelt', caret: 8, cut: true });
    expect(limitEdit('ab😀😀', 6, 3)).toEqual({ value: 'ab😀', caret: 4, cut: true });
  });

  it('should hold any paste into a field within the limit to the limit, never splitting an emoji', () => {
    const text = (maxLength: number) => fc.string({ unit: fc.constantFrom('a', 'ä', '😀', '👍🏽', '\n'), maxLength });
    fc.assert(
      fc.property(text(20), fc.nat(20), text(40), (before, at, pasted) => {
        const points = Array.from(before);
        const head = points.slice(0, at).join('');
        const tail = points.slice(at).join('');
        const edited = limitEdit(head + pasted + tail, (head + pasted).length, 20);
        expect(characterCount(edited.value)).toBeLessThanOrEqual(20);
        expect(edited.value.endsWith(tail)).toBe(true);
        expect(edited.value.startsWith(head)).toBe(true);
        expect(isLoneSurrogateAtEnd(edited.value.slice(0, edited.caret))).toBe(false);
        expect(edited.cut).toBe(characterCount(head + pasted + tail) > 20);
      }),
    );
  });
});

describe('withoutFormatCharacters and oneLineName', () => {
  it('should drop bidi overrides and zero-width characters and trim, so an invisible text becomes empty', () => {
    expect(withoutFormatCharacters(' \u202eAllianz\u200b ')).toBe('Allianz');
    expect(withoutFormatCharacters('\u200b\u2060\ufeff')).toBe('');
    // Line breaks stay in a note; umlauts and emoji are not format characters.
    expect(withoutFormatCharacters('Heiligabend\ngeschlossen 🎄 für Müller')).toBe('Heiligabend\ngeschlossen 🎄 für Müller');
  });

  it('should make a one-line name: format and control characters out, umlauts kept', () => {
    expect(oneLineName(' Dr. Jörg Müller\u200e\n')).toBe('Dr. Jörg Müller');
  });

  it('should make every run of spaces, tabs and line breaks inside a name one space, and join nothing', () => {
    expect(oneLineName('  Markus   Hoffmann  ')).toBe('Markus Hoffmann');
    expect(oneLineName('Dr.\nJörg\t\tMüller')).toBe('Dr. Jörg Müller');
    expect(oneLineName('An\u200bna Berger')).toBe('Anna Berger');
  });
});
