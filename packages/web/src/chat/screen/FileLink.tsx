import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatFileLoader } from './chatScreenServices.js';
import { useBlobDownload } from './useBlobDownload.js';

interface FileLinkProps {
  readonly fileId: string;
  readonly fileName: string;
  readonly load?: ChatFileLoader;
}

/** A shared file: a download button when a loader is available, else just its name. */
export function FileLink({ fileId, fileName, load }: FileLinkProps) {
  const { t } = useTranslation('chat');
  const { status, download } = useBlobDownload();
  if (!load) return <Typography component="span">{fileName}</Typography>;
  return (
    <>
      <Button
        variant="text"
        size="small"
        sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left', wordBreak: 'break-word' }}
        disabled={status === 'running'}
        onClick={() => download(() => load(fileId), fileName)}
        aria-label={t('Chat.Messages.Download', { fileName, interpolation: { escapeValue: false } })}
      >
        {fileName}
      </Button>
      {status === 'failed' && (
        <Typography role="alert" variant="body2" color="error">
          {t('Chat.Messages.DownloadFailed')}
        </Typography>
      )}
    </>
  );
}
