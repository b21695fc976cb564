// Whether a text is one the bot says: a bot text (botTextsDe.ts) as the browser shows it, its placeholders
// ({{value}}, {{lawyer}}, {{fieldOfLaw}}, …) filled with one line each. The server stores a transcript's bot lines as
// the firm's assistant speaking, so it takes no other sentence under that name. Pure.

/** A placeholder's filling: one line (an e-mail address, a phone number, a name, a field of law), never a paragraph. */
const FILLING = '[^\\n]{1,300}';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(template: string): RegExp {
  const parts = template.split(/\{\{\s*[A-Za-z]+\s*\}\}/);
  return new RegExp(`^${parts.map(escapeRegExp).join(FILLING)}$`, 'u');
}

const compiled = new WeakMap<object, readonly RegExp[]>();

/** True when `text` is one of `texts` with its placeholders filled (compiled once per set of texts). */
export function isKnownBotText(text: string, texts: Readonly<Record<string, string>>): boolean {
  let patterns = compiled.get(texts);
  if (patterns === undefined) {
    patterns = Object.values(texts).map(patternOf);
    compiled.set(texts, patterns);
  }
  return patterns.some((pattern) => pattern.test(text));
}
