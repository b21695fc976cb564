// Chat text limits. Before a lawyer joined the participant describes the problem,
// so a meaningful minimum applies; afterwards any non-empty message may be sent.
import { invalid, valid, type Validation } from './validationResult.js';
import { ValidationKeys } from './validationKeys.js';
import { characterCount, withoutFormatCharacters } from './characters.js';

export const MAX_CHAT_TEXT_LENGTH = 750;
export const MIN_CHAT_TEXT_LENGTH_BEFORE_LAWYER = 15;
export const MIN_CHAT_TEXT_LENGTH_WITH_LAWYER = 1;

/** Minimum length for the current phase of the chat. */
export function minChatTextLength(lawyerConnected: boolean): number {
  return lawyerConnected ? MIN_CHAT_TEXT_LENGTH_WITH_LAWYER : MIN_CHAT_TEXT_LENGTH_BEFORE_LAWYER;
}

/**
 * Characters left before the 750 limit (negative when over), for the "noch n Zeichen" hint: code points, so an emoji
 * takes one, as the limit counts it.
 */
export function remainingChatCharacters(text: string): number {
  return MAX_CHAT_TEXT_LENGTH - characterCount(text.trim());
}

/**
 * Validates a chat text. Pure. Returns the trimmed text, or 'Chat.Empty' for blank input (spaces and invisible format
 * characters only)
 * (the UI simply does not send it), 'Chat.MinLength' or 'Chat.MaxLength'.
 */
export function validateChatText(text: string, options: { readonly lawyerConnected: boolean }): Validation<string> {
  const trimmed = text.trim();
  // Only spaces or invisible characters (zero-width spaces, joiners) would put an empty-looking bubble into the chat.
  if (withoutFormatCharacters(trimmed) === '') return invalid(ValidationKeys.ChatEmpty);
  // Characters as people count them, for the minimum and the maximum: eight emoji do not pass a minimum of 15, and 750
  // emoji are not 1500 characters (characters.ts).
  const length = characterCount(trimmed);
  if (length < minChatTextLength(options.lawyerConnected)) return invalid(ValidationKeys.ChatMinLength);
  if (length > MAX_CHAT_TEXT_LENGTH) return invalid(ValidationKeys.ChatMaxLength);
  return valid(trimmed);
}
