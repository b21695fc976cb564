import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogContent } from '../../ui/index.js';
import { useTexts } from '../../i18n/useTexts.js';
import { initialFocus } from './dialogFocus.js';
import { fileForwardingDe } from './fileForwarding.de.js';

const FILE_FORWARDING_TEXTS = [['chat', fileForwardingDe]] as const;

interface FileForwardingDialogProps {
  readonly open: boolean;
  readonly busy: boolean;
  readonly answer: (allow: boolean) => void;
}

/** Asks whether shared files may go to the next lawyer; core answers yes after 30 s. */
export function FileForwardingDialog({ open, busy, answer }: FileForwardingDialogProps) {
  useTexts(FILE_FORWARDING_TEXTS);
  const { t } = useTranslation('chat');
  return (
    // No onClose: the question needs an explicit answer (or core's automatic yes).
    <Dialog
      open={open}
      title={t('Chat.FileForwarding.Title')}
      aria-describedby="chat-file-forwarding-text"
      maxWidth="xs"
      actions={
        <>
          <Button variant="outlined" disabled={busy} onClick={() => answer(false)}>
            {t('Chat.Input.No')}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => answer(true)} ref={initialFocus}>
            {t('Chat.Input.Yes')}
          </Button>
        </>
      }
    >
      <DialogContent>
        <p id="chat-file-forwarding-text" className="ui-text">
          {t('Chat.FileForwarding.Question')}
        </p>
      </DialogContent>
    </Dialog>
  );
}
