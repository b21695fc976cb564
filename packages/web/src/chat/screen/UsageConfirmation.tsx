import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlobLike, Call } from '@rechtschat/core';
import { Alert, Button, Dialog, DialogContent } from '../../ui/index.js';
import { useTexts } from '../../i18n/useTexts.js';
import { useBlobDownload } from './useBlobDownload.js';
import { usageConfirmationDe } from './usageConfirmation.de.js';

const USAGE_CONFIRMATION_TEXTS = [['chat', usageConfirmationDe]] as const;

type DownloadCall = () => Call<BlobLike>;

/** Download button for the usage-confirmation PDF, with its own failure message. */
export function UsageConfirmationButton({ download: load }: { readonly download: DownloadCall }) {
  useTexts(USAGE_CONFIRMATION_TEXTS);
  const { t } = useTranslation('chat');
  const { status, download } = useBlobDownload();
  return (
    <div className="chat-usage">
      {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's start while the PDF is made
          (a second press is ignored by useBlobDownload). */}
      <Button variant="outlined" aria-disabled={status === 'running' || undefined} onClick={() => download(load, t('Chat.UsageConfirmation.FileName'))}>
        {t('Chat.UsageConfirmation.Download')}
      </Button>
      {status === 'failed' && (
        <Alert severity="error" role="alert">
          {t('Chat.UsageConfirmation.Failed')}
        </Alert>
      )}
    </div>
  );
}

/**
 * Opens on the new-chat route when the usage confirmation of an earlier, closed chat can be
 * downloaded; ChatScreen passes `available` only while this chat has no case of its own,
 * so a confirmation that becomes available as this chat ends is offered inline and never
 * interrupts the offboarding bot. `onDismissed` runs once it is closed.
 */
export function UsageConfirmationDialog(props: { readonly available: boolean; readonly download: DownloadCall; readonly onDismissed?: () => void }) {
  const { available, download, onDismissed } = props;
  useTexts(USAGE_CONFIRMATION_TEXTS);
  const { t } = useTranslation('chat');
  const [dismissed, setDismissed] = useState(false);
  // After the dialog's own cleanup gave the focus back to where it was when the dialog opened (effects of children first).
  useEffect(() => {
    if (dismissed) onDismissed?.();
    // Once, when it is closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dismissed]);
  return (
    <Dialog
      open={available && !dismissed}
      onClose={() => setDismissed(true)}
      closeOnBackdrop
      title={t('Chat.UsageConfirmation.Title')}
      aria-describedby="chat-usage-text"
      actions={<Button onClick={() => setDismissed(true)}>{t('Chat.UsageConfirmation.Close')}</Button>}
    >
      <DialogContent className="chat-usage-dialog">
        <p id="chat-usage-text" className="ui-text">
          {t('Chat.UsageConfirmation.Text')} {t('Chat.UsageConfirmation.Explanation')}
        </p>
        <UsageConfirmationButton download={download} />
      </DialogContent>
    </Dialog>
  );
}
