import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlobLike, Call } from '@rechtschat/core';
import { Alert, Button, Dialog, DialogContent } from '../../ui/index.js';
import { useTexts } from '../../i18n/useTexts.js';
import { useBlobDownload } from './useBlobDownload.js';
import { useChatScreenServices } from './chatScreenServices.js';
import { usageConfirmationDe } from './usageConfirmation.de.js';

const USAGE_CONFIRMATION_TEXTS = [['chat', usageConfirmationDe]] as const;
/** In the screen's drafts (the tab's storage, dropped with the person's chat data): the dialog was closed in this tab. */
const DISMISSED_KEY = 'rc.chat.usageConfirmation.closed';

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
 * interrupts the offboarding bot. `onDismissed` runs once it is closed. Closed once, it does not open again in this tab
 * (the inline button after a consultation still offers the PDF).
 */
export function UsageConfirmationDialog(props: { readonly available: boolean; readonly download: DownloadCall; readonly onDismissed?: () => void }) {
  const { available, download, onDismissed } = props;
  useTexts(USAGE_CONFIRMATION_TEXTS);
  const { t } = useTranslation('chat');
  // Closed once, it stays closed in this tab: it came back with every reload and every new chat (outside tester).
  const { drafts } = useChatScreenServices();
  const [dismissed, setDismissed] = useState(() => drafts?.get(DISMISSED_KEY) === '1');
  const closedHere = useRef(false);
  const dismiss = () => {
    closedHere.current = true;
    drafts?.set(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  // After the dialog's own cleanup gave the focus back to where it was when the dialog opened (effects of children first).
  useEffect(() => {
    if (dismissed && closedHere.current) onDismissed?.();
    // Once, when it is closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dismissed]);
  return (
    <Dialog
      open={available && !dismissed}
      onClose={dismiss}
      closeOnBackdrop
      title={t('Chat.UsageConfirmation.Title')}
      aria-describedby="chat-usage-text"
      actions={<Button onClick={dismiss}>{t('Chat.UsageConfirmation.Close')}</Button>}
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
