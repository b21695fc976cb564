// Chat text limits. Before a lawyer joined the participant describes the problem,
// so a meaningful minimum applies; afterwards any non-empty message may be sent.
import { invalid, valid, type Validation } from './validationResult.js';
import { ValidationKeys } from './validationKeys.js';

export const MAX_CHAT_TEXT_LENGTH = 750;
export const MIN_CHAT_TEXT_LENGTH_BEFORE_LAWYER = 15;
export const MIN_CHAT_TEXT_LENGTH_WITH_LAWYER = 1;

/** Minimum length for the current phase of the chat. */
export function minChatTextLength(lawyerConnected: boolean): number {
  return lawyerConnected ? MIN_CHAT_TEXT_LENGTH_WITH_LAWYER : MIN_CHAT_TEXT_LENGTH_BEFORE_LAWYER;
}

/** Characters left before the 750 limit (negative when over), for the "noch n Zeichen" hint. */
export function remainingChatCharacters(text: string): number {
  return MAX_CHAT_TEXT_LENGTH - text.trim().length;
}

/**
 * Characters as people count them for the minimum: code points, so an emoji counts once (in UTF-16
 * most are two units, and eight emoji would pass a minimum of 15). The maximum stays in UTF-16 units,
 * as the server and the input field count it.
 */
const perceivedLength = (text: string): number => Array.from(text).length;

/**
 * Validates a chat text. Pure. Returns the trimmed text, or 'Chat.Empty' for blank input
 * (the UI simply does not send it), 'Chat.MinLength' or 'Chat.MaxLength'.
 */
export function validateChatText(text: string, options: { readonly lawyerConnected: boolean }): Validation<string> {
  const trimmed = text.trim();
  if (trimmed.length === 0) return invalid(ValidationKeys.ChatEmpty);
  if (perceivedLength(trimmed) < minChatTextLength(options.lawyerConnected)) return invalid(ValidationKeys.ChatMinLength);
  if (trimmed.length > MAX_CHAT_TEXT_LENGTH) return invalid(ValidationKeys.ChatMaxLength);
  return valid(trimmed);
}
