// The documents the firm shared into the Fallakte, in a group of their own above the client's („Von Ihrer Kanzlei“):
// who shared each and when (Intl de-DE, Berlin time), its size, and the lawyer's note. The client downloads them like
// every document (a real link whose plain click first checks the session) and cannot remove them.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDocument } from '@rechtschat/core';
import { formatDateTime, formatFileSize } from '../caseFileFormat.js';
import { Link } from '../../ui/index.js';

export interface FirmDocumentsProps {
  readonly documents: readonly CaseDocument[];
  readonly href: (document: CaseDocument) => string;
  readonly onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function FirmDocuments({ documents, href, onLinkClick }: FirmDocumentsProps) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby="firm-documents-heading" className="casefile-firm-documents ui-mb-3">
      <h2 id="firm-documents-heading" className="ui-h2">
        {t('CaseFile.Documents.FromFirm.Title')}
      </h2>
      <ul aria-labelledby="firm-documents-heading" className="casefile-documents">
        {documents.map((doc) => (
          <li key={doc.Id} className="casefile-document">
            <div className="casefile-document__text">
              <Link href={href(doc)} download={doc.FileName} onClick={onLinkClick} aria-label={t('CaseFile.Documents.Download', { name: doc.FileName })}>
                {doc.FileName}
              </Link>
              <p className="ui-text ui-body2 ui-muted">
                {t(doc.SharedBy ? 'CaseFile.Documents.FromFirm.Meta' : 'CaseFile.Documents.FromFirm.MetaUnnamed', {
                  name: doc.SharedBy,
                  date: formatDateTime(doc.Created),
                  size: formatFileSize(doc.Size),
                })}
              </p>
              {doc.Note && (
                <p className="ui-text casefile-pre casefile-firm-note">
                  <span className="visually-hidden">{t('CaseFile.Documents.FromFirm.NoteLabel')} </span>
                  {doc.Note}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
