import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { BlobLike, Call } from '@rechtschat/core';
import { useBlobDownload } from './useBlobDownload.js';

type DownloadCall = () => Call<BlobLike>;

/** Download button for the usage-confirmation PDF, with its own failure message. */
export function UsageConfirmationButton({ download: load }: { readonly download: DownloadCall }) {
  const { t } = useTranslation('chat');
  const { status, download } = useBlobDownload();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
      <Button variant="outlined" disabled={status === 'running'} onClick={() => download(load, t('Chat.UsageConfirmation.FileName'))}>
        {t('Chat.UsageConfirmation.Download')}
      </Button>
      {status === 'failed' && (
        <Alert severity="error" role="alert">
          {t('Chat.UsageConfirmation.Failed')}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Opens on the new-chat route when the usage confirmation of an earlier, closed chat can be
 * downloaded (SPEC §2); ChatScreen passes `available` only while this chat has no case of its own,
 * so a confirmation that becomes available as this chat ends is offered inline and never
 * interrupts the offboarding bot.
 */
export function UsageConfirmationDialog({ available, download }: { readonly available: boolean; readonly download: DownloadCall }) {
  const { t } = useTranslation('chat');
  const [dismissed, setDismissed] = useState(false);
  return (
    <Dialog open={available && !dismissed} onClose={() => setDismissed(true)} aria-labelledby="chat-usage-title" aria-describedby="chat-usage-text">
      <DialogTitle id="chat-usage-title">{t('Chat.UsageConfirmation.Title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id="chat-usage-text">{t('Chat.UsageConfirmation.Text')}</DialogContentText>
        <UsageConfirmationButton download={download} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDismissed(true)}>{t('Chat.UsageConfirmation.Close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
