// Contact form of the case file: subject and message to the lawyer (server limits: 200 / 5000 characters).

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export interface ContactForm {
  readonly subject: string;
  readonly message: string;
}

export interface ContactFormErrors {
  readonly subject?: string;
  readonly message?: string;
}

/** Per-field i18n keys; empty object when the form may be sent. Pure. */
export function validateContactForm(form: ContactForm): ContactFormErrors {
  const subject = form.subject.trim();
  const message = form.message.trim();
  return {
    ...(subject === ''
      ? { subject: 'CaseFile.Contact.Error.SubjectRequired' }
      : subject.length > CONTACT_SUBJECT_MAX
        ? { subject: 'CaseFile.Contact.Error.SubjectTooLong' }
        : {}),
    ...(message === ''
      ? { message: 'CaseFile.Contact.Error.MessageRequired' }
      : message.length > CONTACT_MESSAGE_MAX
        ? { message: 'CaseFile.Contact.Error.MessageTooLong' }
        : {}),
  };
}
