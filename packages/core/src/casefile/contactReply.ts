// The firm's answer to a client's message from the Fallakte: required, at most as long as the client's message may be.
// The console's field and POST api/lawyer/case-files/{id}/contacts/{contactId}/reply apply the same rule (docs/api.md).
import { withoutFormatCharacters } from '../validation/characters.js';
import { CONTACT_MESSAGE_MAX } from './contactForm.js';

export const CONTACT_REPLY_MAX = CONTACT_MESSAGE_MAX;

export type ContactReplyProblem = 'Required' | 'TooLong';

/** null when the answer may be sent; surrounding whitespace does not count, invisible format characters alone are empty. Pure. */
export function contactReplyProblem(text: string): ContactReplyProblem | null {
  const trimmed = text.trim();
  if (withoutFormatCharacters(trimmed) === '') return 'Required';
  return trimmed.length > CONTACT_REPLY_MAX ? 'TooLong' : null;
}
