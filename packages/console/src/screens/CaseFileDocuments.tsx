// The open case file's documents: each downloadable, with who put it in and when (the client, the firm with the lawyer's
// name and note, or the server for the Vollmacht). A document the firm shared can be taken back („Zurückziehen“, for a
// file shared by mistake – the wrong file, the wrong client): a dialog labelled by its question says what follows, keeps
// the focus inside (MUI), starts on „Abbrechen“ and closes with Escape; while the request runs nothing closes it. A
// refusal is said in the dialog (the server's own text for a refusal it explains, a general one for a lost connection);
// one that no retry changes – the document is gone already, or is not the firm's – leaves only „Schließen“. After the
// withdrawal the file is read again (the document leaves the list) and a notice above the list says so and takes the
// focus, since the button that had it is gone. The client's uploads and the Vollmacht have no such button.
import { useEffect, useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { take, type Subscription } from 'rxjs';
import type { AppError, CaseDocument, LawyerCaseFileDetail, MandateApi } from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import { DownloadLink } from './DownloadLink.js';
import { useRefocusWhenEnabled } from './useRefocusWhenEnabled.js';
import { LiveNotice } from './LiveNotice.js';

export interface CaseFileDocumentsProps {
  readonly detail: Pick<LawyerCaseFileDetail, 'CaseId' | 'Documents'>;
  readonly documentUrl: (caseFileId: string, documentId: string) => string;
  /** Taking back what the firm shared; without it the list only shows the documents. */
  readonly api?: Pick<MandateApi, 'withdrawSharedDocument'>;
  /** After a withdrawal, or when the document turned out to be gone: read the file and the list of files again. */
  readonly onChanged?: (caseFileId: string) => void;
}

/** Who put the document into the file: the client, the firm (with the lawyer's name) or the server (the Vollmacht). */
function DocumentOrigin({ doc }: { readonly doc: CaseDocument }) {
  const { t } = useTranslation();
  const by =
    doc.UploadedBy === 'lawyer'
      ? doc.SharedBy
        ? t('CaseFiles.Document.FromFirm', { name: doc.SharedBy })
        : t('CaseFiles.Document.FromFirmUnnamed')
      : doc.UploadedBy === 'system'
        ? t('CaseFiles.Document.System')
        : t('CaseFiles.Document.FromClient');
  return (
    <Typography component="span" sx={{ ml: 1 }}>
      ({formatDateTime(doc.Created)}, {by})
      {doc.Note && (
        <Typography component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
          {t('CaseFiles.Document.Note', { note: doc.Note })}
        </Typography>
      )}
    </Typography>
  );
}

/** `final`: no retry changes it (only „Schließen“ is left); `gone`: the document is no longer in the file. */
type Outcome = { readonly kind: 'busy' } | { readonly kind: 'failed'; readonly message: string; readonly final: boolean; readonly gone: boolean } | null;

export function CaseFileDocuments({ detail, documentUrl, api, onChanged }: CaseFileDocumentsProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());
  const notice = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const request = useRef<Subscription | null>(null);
  const [asked, setAsked] = useState<CaseDocument | null>(null);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [withdrawn, setWithdrawn] = useState<{ readonly name: string } | null>(null);
  // Where the focus goes once the dialog is closed (moved after the render that closes it, when MUI no longer traps it).
  const [focusAfterClose, setFocusAfterClose] = useState<{ readonly to: 'opener' | 'heading'; readonly documentId: string } | null>(null);
  const busy = outcome?.kind === 'busy';
  const final = outcome?.kind === 'failed' && outcome.final;
  useRefocusWhenEnabled(confirmButton, busy);
  useEffect(() => () => request.current?.unsubscribe(), []);
  useEffect(() => notice.current?.focus(), [withdrawn]);
  useEffect(() => {
    if (focusAfterClose === null) return;
    (focusAfterClose.to === 'opener' ? (openers.current.get(focusAfterClose.documentId) ?? heading.current) : heading.current)?.focus();
  }, [focusAfterClose]);
  useEffect(() => {
    if (final) closeButton.current?.focus();
  }, [final]);

  /** The server's own text for a refusal it explains (4xx); a lost connection, a 5xx or an ended session gets the general one. */
  const failure = (error: AppError): Exclude<Outcome, null | { kind: 'busy' }> => {
    if (error._tag !== 'HttpError' || error.status === 401 || error.status >= 500)
      return { kind: 'failed', message: t('CaseFiles.Document.Withdraw.Failed'), final: false, gone: false };
    if (error.status === 404) return { kind: 'failed', message: t('CaseFiles.Document.Withdraw.Gone'), final: true, gone: true };
    return { kind: 'failed', message: error.message, final: error.status === 409, gone: false };
  };

  const ask = (doc: CaseDocument) => {
    setAsked(doc);
    setOutcome(null);
    setOpen(true);
  };

  const close = () => {
    if (busy || asked === null) return;
    setOpen(false);
    const gone = outcome?.kind === 'failed' && outcome.gone;
    // Back to the document's button; when the document is gone, to the heading of the list (its button goes with it).
    setFocusAfterClose({ to: gone ? 'heading' : 'opener', documentId: asked.Id });
    if (gone) onChanged?.(detail.CaseId);
  };

  const confirm = () => {
    if (!api || asked === null || busy) return;
    const doc = asked;
    setOutcome({ kind: 'busy' });
    request.current?.unsubscribe();
    request.current = api
      .withdrawSharedDocument(detail.CaseId, doc.Id)
      .pipe(take(1))
      .subscribe((result) => {
        if (result._tag === 'Left') {
          setOutcome(failure(result.left));
          return;
        }
        setOutcome(null);
        setOpen(false);
        setWithdrawn({ name: doc.FileName });
        onChanged?.(detail.CaseId);
      });
  };

  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 2 }} ref={heading} tabIndex={-1} id={`${id}-heading`}>
        {t('CaseFiles.Documents')}
      </Typography>
      <LiveNotice politeness="polite" regionRole="status" severity="success" ref={notice} tabIndex={-1} sx={{ mt: 1 }}>
        {withdrawn && t('CaseFiles.Document.Withdraw.Done', { name: withdrawn.name })}
      </LiveNotice>
      {detail.Documents.length === 0 ? (
        <Typography>{t('CaseFiles.NoDocuments')}</Typography>
      ) : (
        <List dense aria-labelledby={`${id}-heading`}>
          {detail.Documents.map((doc) => (
            <ListItem key={doc.Id} sx={{ flexWrap: 'wrap', columnGap: 1 }}>
              <DownloadLink href={documentUrl(detail.CaseId, doc.Id)} fileName={doc.FileName} label={t('Chat.Download', { name: doc.FileName })} />
              <DocumentOrigin doc={doc} />
              {api && doc.UploadedBy === 'lawyer' && (
                <Button
                  ref={(button: HTMLButtonElement | null) => {
                    if (button) openers.current.set(doc.Id, button);
                    else openers.current.delete(doc.Id);
                  }}
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => ask(doc)}
                  aria-label={t('CaseFiles.Document.Withdraw.OpenLabel', { name: doc.FileName })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('CaseFiles.Document.Withdraw.Open')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {/* Focus is moved by hand on every way out (the button, the heading, the notice): MUI's own return would race it. */}
      <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm" disableRestoreFocus>
        <DialogTitle id={`${id}-title`}>{t('CaseFiles.Document.Withdraw.Title', { name: asked?.FileName ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{t('CaseFiles.Document.Withdraw.Text', { name: asked?.FileName ?? '' })}</DialogContentText>
          <LiveNotice politeness="assertive" regionRole="alert" severity={outcome?.kind === 'failed' && outcome.final ? 'warning' : 'error'} sx={{ mt: 2 }}>
            {outcome?.kind === 'failed' && outcome.message}
          </LiveNotice>
        </DialogContent>
        <DialogActions>
          <Button ref={closeButton} onClick={close} disabled={busy} autoFocus>
            {final ? t('CaseFiles.Document.Withdraw.Close') : t('CaseFiles.Document.Withdraw.Cancel')}
          </Button>
          {!final && (
            // MUI's error red passes WCAG AA contrast with white (its warning orange does not).
            <Button ref={confirmButton} variant="contained" color="error" disabled={busy} onClick={confirm}>
              {busy ? t('CaseFiles.Document.Withdraw.Busy') : t('CaseFiles.Document.Withdraw.Confirm')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
