// „Dokument bereitstellen“: the file's lawyer sends a document, with an optional short note, into the client's Fallakte.
// Size and type are checked before sending (core's upload rules, the same the client's page uses); the server checks
// again by content and its refusal text (type, size, ended mandate) is shown as it is. Progress and outcome are
// announced (role="status" / role="alert"); the file chooser keeps the focus (FileChooserButton). An ended mandate
// takes no documents: the section then only says so.
import { useEffect, useId, useRef, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { take } from 'rxjs';
import {
  checkUpload,
  DOCUMENT_ACCEPT,
  SHARED_NOTE_MAX,
  sharedNoteFits,
  UploadErrorKeys,
  type AppError,
  type LawyerCaseFileDetail,
  type MandateApi,
  type UploadErrorKey,
} from '@rechtschat/core';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { keepTextDraft, readTextDraft } from './firmMessageDrafts.js';
import { LiveOutcome } from './LiveOutcome.js';
import { FileChooserButton } from './FileChooserButton.js';

export interface ShareDocumentSectionProps {
  /** `Documents`: a share's success is no longer said once its document has left the file (withdrawn meanwhile). */
  readonly detail: Pick<LawyerCaseFileDetail, 'CaseId' | 'Closed' | 'Documents'>;
  readonly api: Pick<MandateApi, 'shareDocument'>;
  /** After a stored share: reload the file (its document list) and the list of files. */
  readonly onShared: (caseFileId: string) => void;
}

/** The console's text for what core's rules refuse before sending. */
const REFUSED_BEFORE_SENDING: Partial<Record<UploadErrorKey, ConsoleTextKey>> = {
  [UploadErrorKeys.Empty]: 'CaseFiles.Share.Empty',
  [UploadErrorKeys.TooLarge]: 'CaseFiles.Share.TooLarge',
  [UploadErrorKeys.UnsupportedType]: 'CaseFiles.Share.UnsupportedType',
};

type Outcome =
  | { readonly kind: 'busy'; readonly name: string }
  | { readonly kind: 'done'; readonly name: string; readonly id: string }
  | { readonly kind: 'failed'; readonly message: string }
  | null;

export function ShareDocumentSection({ detail, api, onShared }: ShareDocumentSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  // A half-written note survives turning to a chat and a reload of the tab (firmMessageDrafts.ts), until it is sent.
  const [note, setNote] = useState(() => readTextDraft({ kind: 'shareNote', caseFileId: detail.CaseId }));
  useEffect(() => keepTextDraft({ kind: 'shareNote', caseFileId: detail.CaseId }, note), [detail.CaseId, note]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const noteFits = sharedNoteFits(note);
  const busy = outcome?.kind === 'busy';
  // The shared document, once the reloaded file lists it, and then no more: it was withdrawn, the success is over.
  const listed = outcome?.kind === 'done' && detail.Documents.some((doc) => doc.Id === outcome.id);
  const wasListed = useRef(false);
  useEffect(() => {
    if (outcome?.kind !== 'done') wasListed.current = false;
    else if (listed) wasListed.current = true;
    else if (wasListed.current) setOutcome(null);
  }, [outcome, listed]);

  /** The server's own text for a refusal it explains (4xx); a lost connection or a 5xx gets the general one. */
  const failureText = (error: AppError) =>
    error._tag === 'HttpError' && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : t('CaseFiles.Share.Failed');

  const send = (file: File) => {
    const refused = checkUpload(file);
    const refusedKey = refused === null ? undefined : REFUSED_BEFORE_SENDING[refused];
    if (refusedKey !== undefined) {
      setOutcome({ kind: 'failed', message: t(refusedKey) });
      return;
    }
    setOutcome({ kind: 'busy', name: file.name });
    api
      .shareDocument(detail.CaseId, file, file.name, note)
      .pipe(take(1))
      .subscribe((result) => {
        if (result._tag === 'Left') {
          setOutcome({ kind: 'failed', message: failureText(result.left) });
          return;
        }
        setOutcome({ kind: 'done', name: result.right.FileName, id: result.right.Id });
        setNote('');
        onShared(detail.CaseId);
      });
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} sx={{ mt: 2 }}>
        {t('CaseFiles.Share.Heading')}
      </Typography>
      {detail.Closed ? (
        <Typography>{t('CaseFiles.Share.Closed')}</Typography>
      ) : (
        <Stack spacing={1} sx={{ mt: 1, maxWidth: 640 }}>
          <Typography>{t('CaseFiles.Share.Intro')}</Typography>
          <TextField
            label={t('CaseFiles.Share.Note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            error={!noteFits}
            helperText={
              noteFits
                ? t('CaseFiles.Share.NoteCount', { count: note.trim().length, max: SHARED_NOTE_MAX })
                : t('CaseFiles.Share.NoteTooLong', { max: SHARED_NOTE_MAX })
            }
            disabled={busy}
            fullWidth
          />
          <div>
            <FileChooserButton onFile={send} disabled={busy || !noteFits} accept={DOCUMENT_ACCEPT}>
              {t('CaseFiles.Share.Choose')}
            </FileChooserButton>
          </div>
        </Stack>
      )}
      <LiveOutcome
        progress={outcome?.kind === 'busy' ? t('CaseFiles.Share.Busy', { name: outcome.name }) : null}
        success={outcome?.kind === 'done' ? t('CaseFiles.Share.Done', { name: outcome.name }) : null}
        failure={outcome?.kind === 'failed' ? outcome.message : null}
      />
    </section>
  );
}
