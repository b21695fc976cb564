// Below the contact form: the client's messages to the firm, newest first, each with the firm's answer (who and when,
// Intl de-DE in Berlin time) or „Noch keine Antwort“. Read again after each sent message (`reload`).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { newReplies, type ReadOptions } from '@rechtschat/core';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDateTime } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';

export function ContactThreads({ token, reload }: { readonly token: string; readonly reload: number }) {
  const { t } = useTranslation('common');
  const { content } = useCaseFileServices();
  const load = useCallback((options?: ReadOptions) => content.getContacts(token, options), [content, token]);
  return (
    <section aria-labelledby="contact-threads-heading" className="ui-mt-3">
      <h2 id="contact-threads-heading" className="ui-h2">
        {t('CaseFile.Contact.Threads.Title')}
      </h2>
      {/* A new key reads the list again: LoadState loads once per mount. */}
      <LoadState key={reload} load={load} token={token} live={newReplies}>
        {(threads) =>
          threads.length === 0 ? (
            <p className="ui-text">{t('CaseFile.Contact.Threads.Empty')}</p>
          ) : (
            <ol aria-labelledby="contact-threads-heading" className="casefile-threads">
              {threads.map((thread) => (
                <li key={thread.Id}>
                  <h3 className="ui-h3">{thread.Subject}</h3>
                  <p className="ui-body2 ui-muted">
                    {t('CaseFile.Contact.Threads.SentAt')} <time dateTime={thread.Created}>{formatDateTime(thread.Created)}</time>
                  </p>
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
                </li>
              ))}
            </ol>
          )
        }
      </LoadState>
    </section>
  );
}
