// A form dialog whose input was changed asks before Escape or a click beside it throws that input away: a question on
// top of it („Eingaben verwerfen?“, role="alertdialog") with the focus on „Weiter bearbeiten“, the safe choice. Escape
// there, or „Weiter bearbeiten“, goes back to the form with the focus where it was; „Verwerfen“ closes the form.
// Without a change the form closes at once, as before. „Abbrechen“ in the form is the deliberate way out and is not asked.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DiscardQuestion {
  /** For the form dialog's `onClose` (Escape, a click beside it): closes at once, or asks first when `changed`. */
  readonly requestClose: () => void;
  /** The question while it is asked, else nothing; rendered beside the form dialog. */
  readonly question: ReactNode;
}

export function useDiscardQuestion(changed: boolean, close: () => void): DiscardQuestion {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (changed) setAsking(true);
    else close();
  };
  const discard = () => {
    setAsking(false);
    close();
  };
  const question = asking ? <DiscardChangesQuestion onKeep={() => setAsking(false)} onDiscard={discard} /> : null;
  return { requestClose, question };
}

function DiscardChangesQuestion({ onKeep, onDiscard }: { readonly onKeep: () => void; readonly onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open role="alertdialog" onClose={onKeep} aria-labelledby="discard-question-heading" aria-describedby="discard-question-text" maxWidth="xs">
      <DialogTitle id="discard-question-heading">{t('Discard.Heading')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="discard-question-text">{t('Discard.Text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onKeep} autoFocus>
          {t('Discard.Keep')}
        </Button>
        <Button color="error" onClick={onDiscard}>
          {t('Discard.Discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
