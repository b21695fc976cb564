// uebersicht/dokumente: the documents of the case, upload with a visible progress bar, download (a real link whose
// plain click first checks the session, so an ended session shows the session alert instead of a saved 401 answer).
// What the firm shared stands in a group of its own above the client's documents (FirmDocuments).
// A closed file (mandate ended) lists its documents but offers no upload; an upload refused because the mandate ended
// meanwhile says so (and the page then shows the file closed), one that got no answer names the missing connection. A
// mandate the firm ends while the page is open closes it at the next background read (the live refresh, core's
// DocumentUploads): the upload control goes, the notice says why, and a focus left on the control moves to the notice.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, type CaseDocument } from '@rechtschat/core';
import { useObservableState } from '../../chat/screen/useObservableState.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { useMarkSeenOnOpen } from '../unread/UnreadNews.js';
import { useDocumentUploads } from '../documentUploadsContext.js';
import { formatDateTime, formatFileSize } from '../caseFileFormat.js';
import { SessionEndedAlert } from '../SessionEnded.js';
import { useCheckedFileLinks } from '../useCheckedFileLinks.js';
import { FirmDocuments } from './FirmDocuments.js';
import { useRetryWhenOnline } from '../useRetryWhenOnline.js';
import { useLiveDocumentList } from '../liveRefresh/useLiveDocumentList.js';
import { Alert, Button, Dialog, DialogActions, DialogContent, LinearProgress, Link, announcedPercent } from '../../ui/index.js';

export function DocumentsPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  // Opening the screen is reading what the firm sent there: the badge in the menu and on the overview goes.
  useMarkSeenOnOpen('documents');
  const { content } = useCaseFileServices();
  // Kept above the page (documentUploadsContext.tsx): leaving the page does not abort a running upload.
  const uploads = useDocumentUploads();
  const state = useObservableState(uploads.state$) ?? uploads.state;
  const announcedStep = state.upload ? announcedPercent(state.upload.percent) : null;
  useRetryWhenOnline(state.loadFailed && !state.sessionEnded, () => uploads.load());
  useLiveDocumentList(uploads, !state.loading && !state.loadFailed);
  const input = useRef<HTMLInputElement>(null);
  const choose = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const closedNotice = useRef<HTMLDivElement>(null);
  const links = useCheckedFileLinks();
  // The upload asked about in the confirmation dialog; removing is final, so it is never done on one tap.
  const [confirming, setConfirming] = useState<CaseDocument | null>(null);
  // Where the focus goes when the dialog closes: back to the remove button (Abbrechen, Escape), or – after
  // „Entfernen“ – on to the choose button, the next thing to do, since the remove button is disabled and then gone.
  // Decided in the click itself: the removal's own state reaches the screen later, as a transition, and under load its
  // running and finished states can render in one go – a hook waiting to see the removal end would then miss it and
  // the focus, given back to the remove button, would drop to the page top with it.
  const focusAfterDialog = useRef<HTMLElement | null>(null);
  useFocusFollowsUpload(state.upload !== null, choose, cancel);
  // A closed file (mandate ended) takes no uploads: the control appears only once the file is known to be open.
  const closed = state.closed;
  useFocusWhenClosed(closed, closedNotice);

  useEffect(() => {
    uploads.load();
  }, [uploads]);

  const fromFirm = state.documents.filter((doc) => doc.UploadedBy === 'lawyer');
  const own = state.documents.filter((doc) => doc.UploadedBy !== 'lawyer');

  const onPick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) uploads.upload(file);
    // The same file can be picked again after an error.
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <PageHeading>{t('CaseFile.Documents.Title')}</PageHeading>
      {closed === true ? (
        // Information, not an alarm: a closure found in the background is announced once, politely, by the news region.
        <Alert ref={closedNotice} tabIndex={-1} severity="info" role="none" className="ui-mb-3">
          {t('CaseFile.Documents.Closed')}
        </Alert>
      ) : (
        <p className="ui-text ui-mb-2">{t('CaseFile.Documents.Intro')}</p>
      )}
      {closed === false && (
        <div className="ui-mb-3">
          <input ref={input} id="document-file" type="file" accept={DOCUMENT_ACCEPT} hidden onChange={(e) => onPick(e.target.files)} />
          <Button ref={choose} variant="contained" onClick={() => input.current?.click()} disabled={state.upload !== null}>
            {t('CaseFile.Documents.Choose')}
          </Button>
        </div>
      )}
      {/* Two live regions side by side, never nested: start, cancel and success politely (status), errors at once
          (alert). The messages inside carry no role of their own, so nothing is announced twice. The running
          percentage stays outside: it changes many times a second and would be read out at every step; the status
          says it at each quarter (25, 50, 75 %) instead. */}
      <div role="status" aria-live="polite">
        {state.upload && (
          <p className="visually-hidden">
            {announcedStep === null
              ? t('CaseFile.Documents.UploadStarted', { name: state.upload.fileName })
              : t('CaseFile.Documents.Uploading', { name: state.upload.fileName, percent: announcedStep })}
          </p>
        )}
        {state.cancelled && <p className="ui-text ui-mb-2 casefile-upload-note">{t('CaseFile.Documents.Cancelled', { name: state.cancelled })}</p>}
        {state.lastUploaded && (
          <Alert severity="success" role="none" className="ui-mb-2">
            {t('CaseFile.Documents.Uploaded', { name: state.lastUploaded })}
          </Alert>
        )}
        {state.lastRemoved && (
          <Alert severity="success" role="none" className="ui-mb-2 casefile-upload-note">
            {t('CaseFile.Documents.Removed', { name: state.lastRemoved })}
          </Alert>
        )}
      </div>
      {state.upload && (
        <div className="casefile-upload ui-mb-2">
          <p className="ui-text" aria-hidden="true">
            {t('CaseFile.Documents.Uploading', { name: state.upload.fileName, percent: state.upload.percent })}
          </p>
          <LinearProgress
            value={state.upload.percent}
            label={t('CaseFile.Documents.ProgressLabel')}
            valueText={t('CaseFile.Documents.ProgressValue', { percent: state.upload.percent })}
          />
          <Button ref={cancel} onClick={() => uploads.cancel()}>
            {t('CaseFile.Documents.Cancel')}
          </Button>
        </div>
      )}
      <div role="alert" aria-live="assertive">
        {(state.sessionEnded || links.sessionEnded) && <SessionEndedAlert token={token} role="none" />}
        {state.errorKey && (
          <Alert severity="error" role="none" className="ui-mb-2">
            {t(state.errorKey)}
          </Alert>
        )}
      </div>
      {state.loading ? (
        <PageLoading />
      ) : state.loadFailed && state.sessionEnded ? null : state.loadFailed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => uploads.load()}>
              {t('CaseFile.Load.Retry')}
            </Button>
          }
        >
          {t('CaseFile.Load.Failed')}
        </Alert>
      ) : state.documents.length === 0 ? (
        <p className="ui-text">{t('CaseFile.Documents.Empty')}</p>
      ) : (
        <>
          {fromFirm.length > 0 && <FirmDocuments documents={fromFirm} href={(doc) => content.documentUrl(token, doc.Id)} onLinkClick={links.onClick} />}
          {fromFirm.length > 0 && <h2 className="ui-h2">{t('CaseFile.Documents.Own.Title')}</h2>}
          {own.length === 0 && <p className="ui-text">{t('CaseFile.Documents.Own.Empty')}</p>}
          {own.some((doc) => doc.Removable) && <p className="ui-text ui-body2 ui-mb-1">{t('CaseFile.Documents.RemoveHint')}</p>}
          {own.length > 0 && (
            <ul aria-label={t(fromFirm.length > 0 ? 'CaseFile.Documents.Own.Title' : 'CaseFile.Documents.Title')} className="casefile-documents">
              {own.map((doc) => (
                <li key={doc.Id} className="casefile-document">
                  <div className="casefile-document__text">
                    <Link
                      href={content.documentUrl(token, doc.Id)}
                      download={doc.FileName}
                      onClick={links.onClick}
                      aria-label={t('CaseFile.Documents.Download', { name: doc.FileName })}
                    >
                      {doc.FileName}
                    </Link>
                    <p className="ui-text ui-body2 ui-muted">
                      {t('CaseFile.Documents.Meta', {
                        size: formatFileSize(doc.Size),
                        date: formatDateTime(doc.Created),
                        by: t(`CaseFile.Documents.By.${doc.UploadedBy}`),
                      })}
                    </p>
                  </div>
                  {doc.Removable && (
                    <Button
                      variant="outlined"
                      onClick={() => {
                        focusAfterDialog.current = null;
                        setConfirming(doc);
                      }}
                      disabled={state.removing !== null}
                      aria-busy={state.removing === doc.Id}
                      aria-label={t('CaseFile.Documents.RemoveLabel', { name: doc.FileName })}
                    >
                      {t('CaseFile.Documents.Remove')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Dialog
        open={confirming !== null}
        role="alertdialog"
        aria-describedby="document-remove-text"
        title={t('CaseFile.Documents.RemoveConfirm.Title', { name: confirming?.FileName ?? '' })}
        onClose={() => setConfirming(null)}
        returnFocusTo={focusAfterDialog}
        maxWidth="xs"
      >
        <DialogContent>
          <p id="document-remove-text">{t('CaseFile.Documents.RemoveConfirm.Text')}</p>
        </DialogContent>
        <DialogActions>
          {/* First in the dialog, so it has the focus on opening: keeping the document is the safe choice. */}
          <Button variant="contained" onClick={() => setConfirming(null)}>
            {t('CaseFile.Documents.RemoveConfirm.Keep')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              // A failed removal keeps the document; its message is read out (role="alert") and the remove button
              // is reached with Shift+Tab.
              focusAfterDialog.current = choose.current;
              if (confirming) uploads.remove(confirming);
              setConfirming(null);
            }}
          >
            {t('CaseFile.Documents.RemoveConfirm.Remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The mandate ended while the page was open (an open file, false, became closed): the upload control goes. A focus
 * left on it (or dropped to the page top) continues at the notice that says why; a focus elsewhere – a download link –
 * stays where it is. A file found closed when the page loads moves nothing.
 */
function useFocusWhenClosed(closed: boolean | null, notice: RefObject<HTMLDivElement | null>) {
  const previous = useRef(closed);
  useEffect(() => {
    const before = previous.current;
    previous.current = closed;
    if (before !== false || closed !== true) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (lost) notice.current?.focus();
  }, [closed, notice]);
}

/**
 * The focused control goes away while a file is sent: the choose button is disabled when the upload starts, the
 * cancel button disappears when it ends. The browser then drops the focus to the page top; keyboard and
 * screen-reader users are led to the control that now acts instead (only when the focus was really lost).
 */
function useFocusFollowsUpload(uploading: boolean, choose: RefObject<HTMLButtonElement | null>, cancel: RefObject<HTMLButtonElement | null>) {
  const previous = useRef(uploading);
  useEffect(() => {
    if (previous.current === uploading) return;
    previous.current = uploading;
    const active = document.activeElement;
    const lost = active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (lost) (uploading ? cancel : choose).current?.focus();
  }, [uploading, choose, cancel]);
}
