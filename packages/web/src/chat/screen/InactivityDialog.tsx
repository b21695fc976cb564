import { useTranslation } from 'react-i18next';
import type { InactivityWarning } from '@rechtschat/core';
import { Button, Dialog, DialogContent } from '../../ui/index.js';
import { initialFocus } from './dialogFocus.js';

/** The dialog is 400 px wide (chat.css, .chat-inactivity; narrower screens keep a margin). */
export const INACTIVITY_DIALOG_WIDTH = 400;

interface InactivityDialogProps {
  readonly warning: InactivityWarning | null;
  readonly stayActive: () => void;
}

/** Two-stage inactivity warning; core counts down and closes the chat, the dialog only shows it. */
export function InactivityDialog({ warning, stayActive }: InactivityDialogProps) {
  const { t } = useTranslation('chat');
  return (
    <Dialog
      open={warning !== null}
      // No onClose: only the explicit answer counts, Escape or a backdrop click must not hide the warning.
      title={t('Chat.Inactivity.Title')}
      aria-describedby="chat-inactivity-text"
      className="chat-inactivity"
      actions={
        <Button variant="contained" onClick={stayActive} ref={initialFocus}>
          {t('Chat.Inactivity.StayActive')}
        </Button>
      }
    >
      <DialogContent>
        <p id="chat-inactivity-text" className="ui-text">
          {warning && t(warning.stage === 1 ? 'Chat.Inactivity.Stage1' : 'Chat.Inactivity.Stage2', { count: warning.secondsLeft })}
        </p>
      </DialogContent>
    </Dialog>
  );
}
