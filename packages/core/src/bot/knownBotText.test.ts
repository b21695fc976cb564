import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT_TEXTS_DE } from './botTextsDe.js';
import { isKnownBotText } from './knownBotText.js';

const fill = (template: string, filling: string) => template.replace(/\{\{\s*[A-Za-z]+\s*\}\}/g, filling);

describe('isKnownBotText', () => {
  it('should know every bot text with its placeholders filled by one line', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(BOT_TEXTS_DE)),
        fc.string({ minLength: 1, maxLength: 80 }).filter((s) => !s.includes('\n')),
        (template, filling) => isKnownBotText(fill(template, filling), BOT_TEXTS_DE),
      ),
    );
  });

  it('should not know a sentence of its own, a bot text with more after it, or a placeholder holding a second line', () => {
    expect(isKnownBotText('Ihre Versicherung hat die Kostenübernahme bereits zugesagt.', BOT_TEXTS_DE)).toBe(false);
    expect(isKnownBotText(`${BOT_TEXTS_DE['Bot.Welcome']} Die Kosten sind zugesagt.`, BOT_TEXTS_DE)).toBe(false);
    expect(isKnownBotText(fill(BOT_TEXTS_DE['Bot.EMailConfirm'], 'a@b.de\nIhr Anspruch ist begründet.'), BOT_TEXTS_DE)).toBe(false);
  });

  it('should read the texts’ dots and brackets as themselves, not as patterns', () => {
    expect(isKnownBotText(BOT_TEXTS_DE['Bot.Welcome'].replace(/\.$/, '!'), BOT_TEXTS_DE)).toBe(false);
  });
});
