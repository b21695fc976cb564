// The firm's answer to a client's message from the Fallakte: required, at most as long as the client's message may be.
// The console's field and POST api/lawyer/case-files/{id}/contacts/{contactId}/reply apply the same rule (docs/api.md).
import { withoutFormatCharacters } from '../validation/characters.js';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from './contactForm.js';

export const CONTACT_REPLY_MAX = CONTACT_MESSAGE_MAX;

export type ContactReplyProblem = 'Required' | 'TooLong';

/** null when the answer may be sent; surrounding whitespace does not count, invisible format characters alone are empty. Pure. */
export function contactReplyProblem(text: string): ContactReplyProblem | null {
  const trimmed = text.trim();
  if (withoutFormatCharacters(trimmed) === '') return 'Required';
  return trimmed.length > CONTACT_REPLY_MAX ? 'TooLong' : null;
}

/** What is wrong with a message the firm starts (POST api/lawyer/case-files/{id}/messages); empty when it may be sent. */
export interface FirmMessageProblems {
  readonly subject?: ContactReplyProblem;
  readonly text?: ContactReplyProblem;
}

/**
 * A message the firm starts: the subject as the client's (required, at most CONTACT_SUBJECT_MAX), the text as an answer
 * (contactReplyProblem). The console's form and the server apply the same rule. Pure.
 */
export function firmMessageProblems(form: { readonly subject: string; readonly text: string }): FirmMessageProblems {
  const subject = form.subject.trim();
  const subjectProblem: ContactReplyProblem | null =
    withoutFormatCharacters(subject) === '' ? 'Required' : subject.length > CONTACT_SUBJECT_MAX ? 'TooLong' : null;
  const textProblem = contactReplyProblem(form.text);
  return { ...(subjectProblem ? { subject: subjectProblem } : {}), ...(textProblem ? { text: textProblem } : {}) };
}
