// WCAG 2.2.1 / SECURITY.md C5: before the console's session ends for inactivity, an alert dialog says so with a live
// countdown and offers „Angemeldet bleiben“ (a real request that refreshes the server's idle timer) and „Jetzt
// abmelden“. The focus lands on „Angemeldet bleiben“ (autoFocus, so MUI's focus trap keeps it there); Escape stays signed in as well – it never just hides the warning.
// The time is spoken politely at the opening and then once per whole minute, not every second.
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { announcedMinutes, countdownText } from '@rechtschat/core';

export interface IdleLogoutDialogProps {
  readonly secondsLeft: number;
  /** False when the 12-hour limit comes first: nothing can move it, so „Verstanden“ takes the place of „Angemeldet bleiben“. */
  readonly canExtend: boolean;
  /** The extension runs. */
  readonly staying: boolean;
  /** The last extension got no answer. */
  readonly failed: boolean;
  readonly onStay: () => void;
  readonly onAcknowledge: () => void;
  readonly onLogout: () => void;
}

export function IdleLogoutDialog({ secondsLeft, canExtend, staying, failed, onStay, onAcknowledge, onLogout }: IdleLogoutDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const minutes = announcedMinutes(secondsLeft);
  return (
    <Dialog open role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} onClose={() => (canExtend ? onStay() : onAcknowledge())} maxWidth="xs">
      <DialogTitle id={titleId}>{t('Idle.Title')}</DialogTitle>
      <DialogContent>
        {/* Changes only with the whole minute, so a screen reader hears it at the opening and once a minute. */}
        <Typography id={textId} role="status" aria-live="polite" aria-atomic="true">
          {t(canExtend ? 'Idle.Warning' : 'Idle.AbsoluteWarning', { count: minutes })}
        </Typography>
        <Typography sx={{ mt: 1, fontWeight: 'bold' }}>{t('Idle.TimeLeft', { time: countdownText(secondsLeft) })}</Typography>
        <Typography sx={{ mt: 1 }}>{t('Idle.Hint')}</Typography>
        {failed && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {t('Idle.StayFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {canExtend ? (
          <Button autoFocus variant="contained" onClick={onStay} aria-disabled={staying}>
            {staying ? t('Idle.Staying') : t('Idle.Stay')}
          </Button>
        ) : (
          <Button autoFocus variant="contained" onClick={onAcknowledge}>
            {t('Idle.Understood')}
          </Button>
        )}
        <Button variant="outlined" onClick={onLogout}>
          {t('Idle.LogoutNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
