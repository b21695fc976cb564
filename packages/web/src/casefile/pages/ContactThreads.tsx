// Below the contact form: the client's messages to the firm, newest first, each with the firm's answer (who and when,
// Intl de-DE in Berlin time) or „Noch keine Antwort“, and between them the messages the firm started (e.g. asking for a
// missing document), marked as the firm's with the lawyer's name and date. „Antworten“ on one of those fills the form
// above (`onAnswer`); the client's answer then says which message of the firm it answers („Antwort auf: „…“ vom …“).
// Read again after each sent message (`reload`).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isFirmMessage, newContactNews, type ContactThread, type FirmMessage, type ReadOptions } from '@rechtschat/core';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDateTime } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { Button } from '../../ui/index.js';

export interface ContactThreadsProps {
  readonly token: string;
  readonly reload: number;
  /** The client answers a message the firm started. */
  readonly onAnswer: (message: FirmMessage) => void;
}

function ClientThread({ thread }: { readonly thread: ContactThread }) {
  const { t } = useTranslation('common');
  return (
    <>
      <h3 className="ui-h3">{thread.Subject}</h3>
      <p className="ui-body2 ui-muted">
        {t('CaseFile.Contact.Threads.SentAt')} <time dateTime={thread.Created}>{formatDateTime(thread.Created)}</time>
      </p>
      {thread.InReplyTo && (
        <p className="ui-body2">
          {t('CaseFile.Contact.Threads.InReplyTo', { subject: thread.InReplyTo.Subject })}{' '}
          <time dateTime={thread.InReplyTo.Created}>{formatDateTime(thread.InReplyTo.Created)}</time>
        </p>
      )}
      <p className="casefile-pre">{thread.Message}</p>
      {thread.Reply ? (
        <div className="casefile-reply">
          <p className="ui-body2">
            {t('CaseFile.Contact.Threads.ReplyFrom', { name: thread.Reply.By })}{' '}
            <time dateTime={thread.Reply.Created}>{formatDateTime(thread.Reply.Created)}</time>:
          </p>
          <p className="casefile-pre">{thread.Reply.Text}</p>
        </div>
      ) : (
        <p className="ui-body2 ui-muted">{t('CaseFile.Contact.Threads.NoReply')}</p>
      )}
    </>
  );
}

function FirmThread({ message, onAnswer }: { readonly message: FirmMessage; readonly onAnswer: (message: FirmMessage) => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="casefile-reply">
      <h3 className="ui-h3">{message.Subject}</h3>
      <p className="ui-body2">
        <strong>{t('CaseFile.Contact.Threads.FromFirm')}</strong> {t('CaseFile.Contact.Threads.FirmBy', { name: message.By })}{' '}
        <time dateTime={message.Created}>{formatDateTime(message.Created)}</time>
      </p>
      <p className="casefile-pre">{message.Text}</p>
      <p>
        <Button
          variant="outlined"
          size="small"
          onClick={() => onAnswer(message)}
          aria-label={t('CaseFile.Contact.Threads.AnswerLabel', { subject: message.Subject })}
        >
          {t('CaseFile.Contact.Threads.Answer')}
        </Button>
      </p>
    </div>
  );
}

/** The list's heading: „Zu Ihrer Nachricht“ in the contact form's confirmation moves the focus there. */
export const CONTACT_THREADS_HEADING = 'contact-threads-heading';

export function ContactThreads({ token, reload, onAnswer }: ContactThreadsProps) {
  const { t } = useTranslation('common');
  const { content } = useCaseFileServices();
  const load = useCallback((options?: ReadOptions) => content.getContacts(token, options), [content, token]);
  return (
    <section aria-labelledby={CONTACT_THREADS_HEADING} className="ui-mt-3">
      <h2 id={CONTACT_THREADS_HEADING} className="ui-h2" tabIndex={-1}>
        {t('CaseFile.Contact.Threads.Title')}
      </h2>
      {/* A new key reads the list again: LoadState loads once per mount. */}
      <LoadState key={reload} load={load} token={token} live={newContactNews}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="ui-text">{t('CaseFile.Contact.Threads.Empty')}</p>
          ) : (
            <ol aria-labelledby={CONTACT_THREADS_HEADING} className="casefile-threads">
              {entries.map((entry) => (
                <li key={entry.Id}>{isFirmMessage(entry) ? <FirmThread message={entry} onAnswer={onAnswer} /> : <ClientThread thread={entry} />}</li>
              ))}
            </ol>
          )
        }
      </LoadState>
    </section>
  );
}
