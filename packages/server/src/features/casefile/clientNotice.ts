// A mail to the client that something new is in their Fallakte: the firm shared a document, answered a message or wrote
// one of its own.
// Without the content (a mailbox is no safe place for a legal matter, and others may read it) and without the link:
// the link token is the key to the file (docs/security.md), so the mail only says where to look – through the link the
// firm handed over, and the PIN. Sent only when the client has an e-mail address on file; a failed mail is logged, the
// document or answer is stored either way.
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { CaseFileTable } from './tables.js';

export type ClientNews = 'document' | 'reply' | 'message';

export interface ClientNoticeDeps {
  readonly mailer: Pick<Mailer, 'send'>;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The firm's name as the client knows it (features/firmDetails); the mail is signed with it. */
  readonly firmName: () => Promise<string>;
}

// The Fallakte marks nothing as unread, so the mail names the screen where the news is: a client who signs in on the
// phone otherwise sees the overview and no sign of it (fourth phone pass, docs/web.md).
const WHERE: Record<ClientNews, string> = {
  document: 'Sie finden es in der Fallakte unter „Dokumente“.',
  reply: 'Sie finden die Antwort in der Fallakte unter „Kontaktieren Sie uns“, direkt unter Ihrer Nachricht.',
  message: 'Sie finden die Nachricht in der Fallakte unter „Kontaktieren Sie uns“ und können dort auch antworten.',
};

const WHAT: Record<ClientNews, string> = {
  document: 'Ihre Kanzlei hat Ihnen ein neues Dokument bereitgestellt.',
  reply: 'Ihre Kanzlei hat auf Ihre Nachricht geantwortet.',
  message: 'Ihre Kanzlei hat Ihnen eine Nachricht geschrieben.',
};

function body(news: ClientNews, caseNumber: string, firm: string): string {
  return [
    'Guten Tag,',
    '',
    `in Ihrer digitalen Fallakte (Aktenzeichen ${caseNumber}) gibt es etwas Neues: ${WHAT[news]} ${WHERE[news]}`,
    '',
    'Zum Schutz Ihrer Daten steht der Inhalt nicht in dieser E-Mail. Bitte öffnen Sie Ihre Fallakte über den Link, den Sie von Ihrer Kanzlei erhalten haben, und melden Sie sich mit Ihrer PIN an.',
    '',
    'Diese E-Mail wurde automatisch versandt. Bitte antworten Sie nicht darauf, sondern schreiben Sie Ihrer Kanzlei in der Fallakte unter „Kontaktieren Sie uns“.',
    '',
    'Mit freundlichen Grüßen',
    firm,
  ].join('\n');
}

/** Mails the client that `news` waits in the file; true when a mail went out. Never throws. */
export async function notifyClient(deps: ClientNoticeDeps, row: Pick<CaseFileTable, 'id' | 'email' | 'case_number'>, news: ClientNews): Promise<boolean> {
  if (row.email === null || row.email.trim() === '') return false;
  try {
    const firm = (await deps.firmName()).trim() || 'Ihre Kanzlei';
    await deps.mailer.send({ to: row.email, subject: 'Neues in Ihrer digitalen Fallakte', text: body(news, row.case_number, firm) });
    // Ids only: no address, no content.
    deps.log.info({ event: 'casefile.client.notified', caseFileId: row.id, news }, 'client notified by mail');
    return true;
  } catch (error) {
    deps.log.error({ err: error, event: 'casefile.client.notice_failed', caseFileId: row.id, news }, 'client notice could not be sent');
    return false;
  }
}
