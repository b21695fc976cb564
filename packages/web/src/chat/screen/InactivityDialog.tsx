import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { InactivityWarning } from '@rechtschat/core';

/** SPEC §9: the dialog is 400 px wide. */
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
      aria-labelledby="chat-inactivity-title"
      aria-describedby="chat-inactivity-text"
      slotProps={{ paper: { sx: { width: INACTIVITY_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="chat-inactivity-title">{t('Chat.Inactivity.Title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="chat-inactivity-text">
          {warning && t(warning.stage === 1 ? 'Chat.Inactivity.Stage1' : 'Chat.Inactivity.Stage2', { count: warning.secondsLeft })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={stayActive} autoFocus>
          {t('Chat.Inactivity.StayActive')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
