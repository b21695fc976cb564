// Pure helpers of the Textbausteine: the order of the lists, the search of the insert dialog and the insertion into the
// chat composer at the caret.
import { MAX_CHAT_TEXT_LENGTH } from '../validation/chatText.js';
import { characterCount, clipToCharacters } from '../validation/characters.js';
import type { TextTemplate } from '../wire/textTemplates.js';

// Made on first sort, not when the module loads: a German collator pages in ICU's locale data, which a server that
// only carries chats never needs.
let byTitle: Intl.Collator | undefined;

/** By title in German order (Ä with A, "Termin 2" before "Termin 10"), then by id so equal titles keep one order. */
export function sortTextTemplates(templates: readonly TextTemplate[]): TextTemplate[] {
  byTitle ??= new Intl.Collator('de', { sensitivity: 'base', numeric: true });
  const collator = byTitle;
  return [...templates].sort((a, b) => collator.compare(a.Title, b.Title) || (a.Id < b.Id ? -1 : a.Id > b.Id ? 1 : 0));
}

/** Lower case, and ß as ss: "GRÜSSE" finds "Grüße" (upper case has no ß), "Strasse" finds "Straße". */
const folded = (text: string) => text.toLocaleLowerCase('de-DE').replace(/ß/g, 'ss');

/** The templates whose title or text contains the query, case-insensitive (ß = ss); an empty query keeps all. */
export function filterTextTemplates(templates: readonly TextTemplate[], query: string): readonly TextTemplate[] {
  const wanted = folded(query.trim());
  if (wanted === '') return templates;
  return templates.filter((template) => folded(template.Title).includes(wanted) || folded(template.Text).includes(wanted));
}

export interface InsertedText {
  /** The composer's new text. */
  readonly draft: string;
  /** Where the caret goes: right after the inserted text. */
  readonly caret: number;
  /** The template did not fit completely and was cut at the maximum, as typing or pasting into the field would be. */
  readonly clipped: boolean;
}

/**
 * Inserts `text` into `draft` between `selectionStart` and `selectionEnd` (replacing the selection). The composer
 * holds at most `max` characters (code points, as the limit counts them): what does not fit is cut off, like a paste
 * into the field – never in the middle of an emoji.
 */
export function insertTemplateText(draft: string, selectionStart: number, selectionEnd: number, text: string, max = MAX_CHAT_TEXT_LENGTH): InsertedText {
  const start = Math.max(0, Math.min(selectionStart, selectionEnd, draft.length));
  const end = Math.max(start, Math.min(Math.max(selectionStart, selectionEnd), draft.length));
  const before = draft.slice(0, start);
  const after = draft.slice(end);
  const room = Math.max(0, max - characterCount(before) - characterCount(after));
  const inserted = clipToCharacters(text, room);
  return { draft: before + inserted + after, caret: start + inserted.length, clipped: inserted.length < text.length };
}
