// Contact form of the case file: subject and message to the lawyer (200 / 5000 characters). The browser form and
// POST /{token}/contact on the server apply these same rules (docs/api.md).
import { withoutFormatCharacters } from '../validation/characters.js';

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export interface ContactForm {
  readonly subject: string;
  readonly message: string;
}

/** Every i18n key the rules can produce; the server keeps a German message for each. */
export const CONTACT_ERROR_KEYS = [
  'CaseFile.Contact.Error.SubjectRequired',
  'CaseFile.Contact.Error.SubjectTooLong',
  'CaseFile.Contact.Error.MessageRequired',
  'CaseFile.Contact.Error.MessageTooLong',
] as const;
export type ContactErrorKey = (typeof CONTACT_ERROR_KEYS)[number];

export interface ContactFormErrors {
  readonly subject?: ContactErrorKey;
  readonly message?: ContactErrorKey;
}

/** Per-field i18n keys; empty object when the form may be sent. Surrounding whitespace does not count. Pure. */
export function validateContactForm(form: ContactForm): ContactFormErrors {
  const subject = form.subject.trim();
  const message = form.message.trim();
  // Blank is also what only invisible format characters look like: a subject of zero-width spaces reads as empty in the
  // history and at the firm.
  return {
    ...(withoutFormatCharacters(subject) === ''
      ? { subject: 'CaseFile.Contact.Error.SubjectRequired' }
      : subject.length > CONTACT_SUBJECT_MAX
        ? { subject: 'CaseFile.Contact.Error.SubjectTooLong' }
        : {}),
    ...(withoutFormatCharacters(message) === ''
      ? { message: 'CaseFile.Contact.Error.MessageRequired' }
      : message.length > CONTACT_MESSAGE_MAX
        ? { message: 'CaseFile.Contact.Error.MessageTooLong' }
        : {}),
  };
}

/**
 * The subject of the client's answer to a message of the firm: „Re: “ and the firm's subject (not twice), cut to
 * CONTACT_SUBJECT_MAX by code point so the prefilled form is never refused. Pure.
 */
export function answerSubject(subject: string): string {
  const trimmed = subject.trim();
  const full = /^re:\s/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
  const chars = Array.from(full);
  // The rule counts UTF-16 units; whole code points go, so no emoji is split in half.
  while (chars.join('').length > CONTACT_SUBJECT_MAX) chars.pop();
  return chars.join('').trimEnd();
}
