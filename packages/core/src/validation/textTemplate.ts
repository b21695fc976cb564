// Limits of a Textbaustein, the same on the server (which refuses in German) and in the console (which says so before
// sending): the title names it in lists, the text is what goes into the chat composer, so it may be no longer than a
// chat message.
import { MAX_CHAT_TEXT_LENGTH } from './chatText.js';
import { characterCount, withoutFormatCharacters } from './characters.js';

export const MAX_TEXT_TEMPLATE_TITLE_LENGTH = 80;
/** A template fills at most one whole chat message. */
export const MAX_TEXT_TEMPLATE_TEXT_LENGTH = MAX_CHAT_TEXT_LENGTH;
/** Per lawyer for their own templates, and for the firm's. */
export const MAX_TEXT_TEMPLATES_PER_OWNER = 200;

export type TextTemplateViolation = 'TitleMissing' | 'TitleTooLong' | 'TitleInvalid' | 'TextMissing' | 'TextTooLong';

/** The title as stored: trimmed, without invisible format characters (a title of zero-width spaces looks empty in every list). */
export const textTemplateTitle = (title: string): string => withoutFormatCharacters(title);

export type TextTemplateTitleViolation = Extract<TextTemplateViolation, `Title${string}`>;
export type TextTemplateTextViolation = Extract<TextTemplateViolation, `Text${string}`>;

/**
 * What is wrong with a template's title and with its text, each on its own (null: nothing), so a form can mark both at
 * once. The title counts trimmed; the text counts as typed (a greeting may end in a space or line break to continue
 * after it) and must not be only whitespace. Both count characters as people do (code points, an emoji once), as the
 * chat message's limit.
 */
export function textTemplateViolations(template: { readonly Title: string; readonly Text: string }): {
  readonly Title: TextTemplateTitleViolation | null;
  readonly Text: TextTemplateTextViolation | null;
} {
  return { Title: titleViolation(textTemplateTitle(template.Title)), Text: textViolation(template.Text) };
}

function titleViolation(title: string): TextTemplateTitleViolation | null {
  if (title === '') return 'TitleMissing';
  if (characterCount(title) > MAX_TEXT_TEMPLATE_TITLE_LENGTH) return 'TitleTooLong';
  // One line in every list: no line breaks or other control characters.
  if (/\p{Cc}/u.test(title)) return 'TitleInvalid';
  return null;
}

function textViolation(text: string): TextTemplateTextViolation | null {
  // A text of only spaces or invisible characters would put nothing visible into the chat.
  if (withoutFormatCharacters(text) === '') return 'TextMissing';
  if (characterCount(text) > MAX_TEXT_TEMPLATE_TEXT_LENGTH) return 'TextTooLong';
  return null;
}

/** The first thing wrong with a template (its title before its text), or null – what the server answers. */
export function textTemplateViolation(template: { readonly Title: string; readonly Text: string }): TextTemplateViolation | null {
  const found = textTemplateViolations(template);
  return found.Title ?? found.Text;
}
