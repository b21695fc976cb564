import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_CHAT_TEXT_LENGTH, minChatTextLength, remainingChatCharacters, validateChatText } from './chatText.js';

const letters = (min: number, max: number) => fc.string({ unit: fc.constantFrom('a', 'ä', 'ß', 'Z', '1', '?'), minLength: min, maxLength: max });

describe('validateChatText', () => {
  it('should accept 15 to 750 characters before a lawyer joined and return them trimmed', () => {
    fc.assert(
      fc.property(letters(15, MAX_CHAT_TEXT_LENGTH), (text) => {
        expect(validateChatText(`  ${text}\n`, { lawyerConnected: false })).toEqual({ ok: true, value: text });
      }),
    );
  });

  it('should reject 1 to 14 characters with Chat.MinLength before a lawyer joined', () => {
    fc.assert(
      fc.property(letters(1, 14), (text) => {
        expect(validateChatText(text, { lawyerConnected: false })).toEqual({ ok: false, errorKey: 'Chat.MinLength' });
      }),
    );
  });

  it('should count an emoji as one character for the minimum', () => {
    expect(validateChatText('😡'.repeat(8), { lawyerConnected: false })).toEqual({ ok: false, errorKey: 'Chat.MinLength' });
    expect(validateChatText('😡'.repeat(15), { lawyerConnected: false })).toEqual({ ok: true, value: '😡'.repeat(15) });
    fc.assert(
      fc.property(fc.array(fc.constantFrom('😡', '🙂', '👍🏽', 'ä'), { minLength: 1, maxLength: 7 }), (parts) => {
        const text = parts.join('');
        if (Array.from(text).length < 15) expect(validateChatText(text, { lawyerConnected: false })).toEqual({ ok: false, errorKey: 'Chat.MinLength' });
      }),
    );
  });

  it('should accept a single character once a lawyer is connected', () => {
    expect(validateChatText('k', { lawyerConnected: true })).toEqual({ ok: true, value: 'k' });
  });

  it('should reject more than 750 characters with Chat.MaxLength in every phase', () => {
    fc.assert(
      fc.property(letters(MAX_CHAT_TEXT_LENGTH + 1, 900), fc.boolean(), (text, lawyerConnected) => {
        expect(validateChatText(text, { lawyerConnected })).toEqual({ ok: false, errorKey: 'Chat.MaxLength' });
      }),
    );
  });

  it('should let any text of at most 750 characters (code points, emoji counting once) pass the maximum', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: MAX_CHAT_TEXT_LENGTH }), (text) => {
        const checked = validateChatText(text, { lawyerConnected: true });
        if (Array.from(text.trim()).length <= MAX_CHAT_TEXT_LENGTH) expect(checked).not.toEqual({ ok: false, errorKey: 'Chat.MaxLength' });
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: MAX_CHAT_TEXT_LENGTH }), fc.boolean(), (text, lawyerConnected) => {
        expect(validateChatText(text, { lawyerConnected })).not.toEqual({ ok: false, errorKey: 'Chat.MaxLength' });
      }),
    );
  });

  it('should accept 750 emoji and refuse 751', () => {
    expect(validateChatText('😀'.repeat(750), { lawyerConnected: true })).toEqual({ ok: true, value: '😀'.repeat(750) });
    expect(validateChatText('😀'.repeat(751), { lawyerConnected: true })).toEqual({ ok: false, errorKey: 'Chat.MaxLength' });
  });

  it('should keep an emoji sequence joined by zero-width joiners, which is not blank', () => {
    expect(validateChatText('👨\u200d👩\u200d👧', { lawyerConnected: true })).toEqual({ ok: true, value: '👨\u200d👩\u200d👧' });
  });

  it('should reject blank text with Chat.Empty so it is never sent', () => {
    fc.assert(
      // Spaces and invisible format characters alike: zero-width space, word joiner, joiner, byte order mark, bidi marks.
      fc.property(
        fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\u200b', '\u2060', '\u200d', '\ufeff', '\u202e'), maxLength: 20 }),
        fc.boolean(),
        (blank, lawyerConnected) => {
          expect(validateChatText(blank, { lawyerConnected })).toEqual({ ok: false, errorKey: 'Chat.Empty' });
        },
      ),
    );
  });
});

describe('remainingChatCharacters', () => {
  it('should count down from 750 and go negative when over the limit', () => {
    expect(remainingChatCharacters('')).toBe(750);
    expect(remainingChatCharacters('Hallo')).toBe(745);
    expect(remainingChatCharacters('x'.repeat(760))).toBe(-10);
  });

  it('should take one character for an emoji, not two', () => {
    expect(remainingChatCharacters('Danke 🙂')).toBe(743);
    expect(remainingChatCharacters('😀'.repeat(750))).toBe(0);
  });
});

describe('minChatTextLength', () => {
  it('should be 15 before a lawyer joined and 1 afterwards', () => {
    expect(minChatTextLength(false)).toBe(15);
    expect(minChatTextLength(true)).toBe(1);
  });
});
