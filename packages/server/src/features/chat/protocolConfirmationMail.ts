// The confirmation mail of the protocol's double opt-in. It goes to an address nobody has checked yet – perhaps a
// stranger's, mistyped – so it carries nothing of the consultation: no description, no field of law, no lawyer, no
// other party; only the reference (an identifier, useless without the person's own chat session), the link and what
// to do when the mail was not expected.
import { germanLongDateTimeAt } from '@rechtschat/core';
import type { MailMessage } from '../../platform/mail/mailer.js';

export const CONFIRMATION_SUBJECT = 'Bitte bestätigen Sie Ihre E-Mail-Adresse für das Chatprotokoll';

export interface ConfirmationMailInput {
  readonly to: string;
  /** `<web origin>/protokoll/bestaetigen#<token>`: the fragment never reaches a server or its logs. */
  readonly link: string;
  readonly expiresAt: string;
  readonly reference: string;
  readonly firm: string;
}

export function confirmationMail(input: ConfirmationMailInput): MailMessage {
  const until = germanLongDateTimeAt(Date.parse(input.expiresAt));
  const text = [
    'Guten Tag,',
    '',
    'im Chat unserer Rechtsberatung wurde das Protokoll einer Beratung an diese E-Mail-Adresse angefordert. Bevor wir es senden, bestätigen Sie bitte, dass die Adresse Ihnen gehört: Öffnen Sie dazu den folgenden Link und wählen Sie dort „Protokoll jetzt senden“.',
    '',
    input.link,
    '',
    `Der Link gilt einmal und bis ${until} Uhr. Aktenzeichen: ${input.reference}`,
    '',
    'Wenn Sie kein Protokoll angefordert haben, hat sich vermutlich jemand bei der Eingabe seiner Adresse vertippt. Dann ignorieren Sie diese E-Mail bitte: Ohne Ihre Bestätigung senden wir nichts.',
    '',
    'Mit freundlichen Grüßen',
    input.firm,
  ].join('\n');
  return { to: input.to, subject: CONFIRMATION_SUBJECT, text };
}
