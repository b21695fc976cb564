import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface FileForwardingDialogProps {
  readonly open: boolean;
  readonly busy: boolean;
  readonly answer: (allow: boolean) => void;
}

/** Asks whether shared files may go to the next lawyer (SPEC §4); core answers yes after 30 s. */
export function FileForwardingDialog({ open, busy, answer }: FileForwardingDialogProps) {
  const { t } = useTranslation('chat');
  return (
    // No onClose: the question needs an explicit answer (or core's automatic yes).
    <Dialog open={open} aria-labelledby="chat-file-forwarding-title" aria-describedby="chat-file-forwarding-text">
      <DialogTitle id="chat-file-forwarding-title">{t('Chat.FileForwarding.Title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="chat-file-forwarding-text">{t('Chat.FileForwarding.Question')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" disabled={busy} onClick={() => answer(false)}>
          {t('Chat.Input.No')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => answer(true)} autoFocus>
          {t('Chat.Input.Yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
