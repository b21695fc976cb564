// A question before a change that cannot simply be typed again: "Abbrechen" has the focus, the confirming button says what happens.
// `text` is one paragraph; a question that lists what happens passes `children` instead (the whole content describes it).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  readonly id: string;
  readonly heading: string;
  readonly text?: string;
  readonly children?: ReactNode;
  readonly confirm: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

export function ConfirmDialog({ id, heading, text, children, confirm, onCancel, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={`${id}-heading`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-heading`}>{heading}</DialogTitle>
      {children === undefined ? (
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        </DialogContent>
      ) : (
        <DialogContent id={`${id}-text`}>{children}</DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('Hours.Cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
