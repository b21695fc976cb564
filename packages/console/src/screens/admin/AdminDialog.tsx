// A dialog of the administration: title, explanation, its own fields, an error beside the buttons, and a submit that
// is busy while the server answers. Escape and "Abbrechen" close it (not while busy) – Escape and a click beside it only
// after asking when its input was `changed` (useDiscardQuestion); focus starts in it, and comes back to the submit button
// when the server refused.
import { useRef, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useRefocusWhenEnabled } from '../useRefocusWhenEnabled.js';
import { useDiscardQuestion } from '../dialogs/useDiscardQuestion.js';
import { LiveNotice } from '../LiveNotice.js';

export interface AdminDialogProps {
  readonly id: string;
  readonly title: string;
  readonly intro?: ReactNode;
  readonly children?: ReactNode;
  readonly error: string | null;
  readonly busy: boolean;
  /** The dialog still reads what it shows: the submit waits, „Abbrechen“ and Escape do not. */
  readonly waiting?: boolean;
  /** The person typed or chose something here that Escape or a click beside the dialog would throw away. */
  readonly changed?: boolean;
  /** Without it the dialog only shows a result and a "Schließen" button. */
  readonly submitLabel?: string;
  readonly submitColor?: 'primary' | 'error';
  readonly onSubmit?: () => void;
  readonly onClose: () => void;
}

export function AdminDialog({
  id,
  title,
  intro,
  children,
  error,
  busy,
  waiting = false,
  changed = false,
  submitLabel,
  submitColor,
  onSubmit,
  onClose,
}: AdminDialogProps) {
  const { t } = useTranslation();
  const { requestClose, question } = useDiscardQuestion(changed, onClose);
  // A refusal leaves the dialog open: the keyboard continues at the button that asked, not at the dialog's container.
  const submitButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenEnabled(submitButton, busy);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !waiting) onSubmit?.();
  };
  return (
    <>
      <Dialog
        open
        onClose={() => {
          if (!busy) requestClose();
        }}
        aria-labelledby={`${id}-title`}
        aria-describedby={intro ? `${id}-intro` : undefined}
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
          <DialogContent>
            {intro && (
              <DialogContentText id={`${id}-intro`} sx={{ mb: 2 }}>
                {intro}
              </DialogContentText>
            )}
            {children}
            <LiveNotice politeness="assertive" severity="error" id={`${id}-error`} sx={{ mt: 2 }}>
              {error}
            </LiveNotice>
            {busy && (
              <DialogContentText role="status" sx={{ mt: 1 }}>
                {t('Team.Busy')}
              </DialogContentText>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {submitLabel ? t('Team.Cancel') : t('Team.Close')}
            </Button>
            {submitLabel && (
              <Button ref={submitButton} type="submit" variant="contained" color={submitColor ?? 'primary'} disabled={busy || waiting}>
                {submitLabel}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
      {question}
    </>
  );
}
