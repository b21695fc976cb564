// Characters as people count them: Unicode code points, so an emoji counts once (in UTF-16, which String.length and
// the HTML maxLength attribute count, most are two units). Every text limit shown to people and checked on the server
// counts this way: the chat message's 750, the Textbaustein's 80 and 750.

/**
 * `text` without invisible format characters (Unicode category Cf: bidi overrides, zero-width spaces and joiners),
 * trimmed. For what others read as a name or note: made of them it looks empty, a second „Allianz“ with one looks like
 * the first, and an override turns the text after it around.
 */
export const withoutFormatCharacters = (text: string): string => text.replace(/\p{Cf}/gu, '').trim();

/**
 * A name for one line: without format characters, a line break or tab read as a space, every run of spaces one space,
 * trimmed – „Markus   Hoffmann“ is stored, sorted and printed (mails, PDFs) as „Markus Hoffmann“.
 */
export const oneLineName = (text: string): string =>
  text
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();

/** The number of characters (code points) of `text`. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The first `max` characters (code points) of `text`, never cutting an emoji in half. */
export function clipToCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  for (const character of text) {
    if (count === max) break;
    count++;
    end += character.length;
  }
  return text.slice(0, end);
}

export interface LimitedEdit {
  /** The field's new value, at most `max` characters. */
  readonly value: string;
  /** Where the caret goes: right after what was kept of the typed or pasted text. */
  readonly caret: number;
  /** Part of what was typed or pasted did not fit and is not in the field. */
  readonly cut: boolean;
}

/**
 * An input field's value after an edit, held to `max` characters as the HTML maxLength attribute holds it to UTF-16
 * units: what the edit put before the caret is cut from its end (never inside an emoji), the text after the caret stays.
 * `caret` is the field's selectionEnd after the edit (its value's end when unknown).
 */
export function limitEdit(value: string, caret: number, max: number): LimitedEdit {
  if (value.length <= max || characterCount(value) <= max) return { value, caret, cut: false };
  const at = Math.max(0, Math.min(caret, value.length));
  const after = value.slice(at);
  const room = max - characterCount(after);
  // The text after the caret alone is too long (a stored draft from before the limit): keep the first `max`.
  if (room < 0) {
    const kept = clipToCharacters(value, max);
    return { value: kept, caret: Math.min(at, kept.length), cut: true };
  }
  const before = clipToCharacters(value.slice(0, at), room);
  return { value: before + after, caret: before.length, cut: true };
}
