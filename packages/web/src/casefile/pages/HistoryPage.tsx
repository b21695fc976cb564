// uebersicht/verlauf: the timeline of case events, newest first, with German dates. Title and text come from the server,
// and nothing here depends on the kind, so a new one – such as `DocumentWithdrawn`, the firm taking a document back –
// shows like any other; an entry without a title still gets a heading, never an empty one.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { newFirmHistory, type ReadOptions } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDateTime } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';

export function HistoryPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const load = useCallback((options?: ReadOptions) => content.getHistory(token, options), [content, token]);
  return (
    <>
      <PageHeading>{t('CaseFile.History.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{t('CaseFile.History.Intro')}</p>
      <LoadState load={load} token={token} live={newFirmHistory}>
        {(entries) =>
          entries.length === 0 ? (
            <p className="ui-text">{t('CaseFile.History.Empty')}</p>
          ) : (
            <ol aria-label={t('CaseFile.History.Title')} className="casefile-history">
              {entries.map((entry) => (
                <li key={entry.Id}>
                  <p className="ui-body2 ui-muted">
                    <time dateTime={entry.Created}>{formatDateTime(entry.Created)}</time>
                  </p>
                  <h2>{entry.Title.trim() === '' ? t('CaseFile.History.Untitled') : entry.Title}</h2>
                  {entry.Text && <p className="casefile-pre">{entry.Text}</p>}
                </li>
              ))}
            </ol>
          )
        }
      </LoadState>
    </>
  );
}
