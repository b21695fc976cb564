// uebersicht/dokumente: the documents of the case, upload with a visible progress bar, download.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, DocumentUploads } from '@rechtschat/core';
import { useObservableState } from '../../chat/screen/useObservableState.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDateTime, formatFileSize } from '../caseFileFormat.js';

export function DocumentsPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const [uploads] = useState(() => new DocumentUploads(content, token));
  const state = useObservableState(uploads.state$) ?? uploads.state;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    uploads.load();
    return () => uploads.dispose();
  }, [uploads]);

  const onPick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) uploads.upload(file);
    // The same file can be picked again after an error.
    if (input.current) input.current.value = '';
  };

  return (
    <>
      <PageHeading>{t('CaseFile.Documents.Title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('CaseFile.Documents.Intro')}</Typography>
      <Box sx={{ mb: 3 }}>
        <input ref={input} id="document-file" type="file" accept={DOCUMENT_ACCEPT} hidden onChange={(e) => onPick(e.target.files)} />
        <Button variant="contained" onClick={() => input.current?.click()} disabled={state.upload !== null}>
          {t('CaseFile.Documents.Choose')}
        </Button>
      </Box>
      <div role="status" aria-live="polite">
        {state.upload && (
          <Box sx={{ mb: 2 }}>
            <Typography>{t('CaseFile.Documents.Uploading', { name: state.upload.fileName, percent: state.upload.percent })}</Typography>
            <LinearProgress
              variant="determinate"
              value={state.upload.percent}
              aria-label={t('CaseFile.Documents.ProgressLabel')}
              sx={{ height: 10, borderRadius: 5, my: 1 }}
            />
            <Button onClick={() => uploads.cancel()}>{t('CaseFile.Documents.Cancel')}</Button>
          </Box>
        )}
        {state.lastUploaded && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('CaseFile.Documents.Uploaded', { name: state.lastUploaded })}
          </Alert>
        )}
      </div>
      <div aria-live="assertive">
        {state.errorKey && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t(state.errorKey)}
          </Alert>
        )}
      </div>
      {state.loading ? (
        <PageLoading />
      ) : state.loadFailed ? (
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
        <Typography>{t('CaseFile.Documents.Empty')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('CaseFile.Documents.Title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {state.documents.map((doc) => (
            <Box component="li" key={doc.Id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Link
                href={content.documentUrl(token, doc.Id)}
                download={doc.FileName}
                aria-label={t('CaseFile.Documents.Download', { name: doc.FileName })}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {doc.FileName}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t('CaseFile.Documents.Meta', {
                  size: formatFileSize(doc.Size),
                  date: formatDateTime(doc.Created),
                  by: t(`CaseFile.Documents.By.${doc.UploadedBy}`),
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
