// A weighty step of a chat (ending it, forwarding it) asked once more in place: a group named by its question, the
// confirming button, and „Abbrechen“ with the focus – a second Enter must not do it – which Escape takes as well.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Rows of buttons on a narrow screen's full width; a column in the side panel beside the log (every chat action). */
export const SIDE_DIRECTION = { xs: 'column', sm: 'row', md: 'column' } as const;

export interface InlineConfirmationProps {
  readonly id: string;
  readonly question: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly disabled: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function InlineConfirmation({ id, question, confirmLabel, danger = false, disabled, onConfirm, onCancel }: InlineConfirmationProps) {
  const { t } = useTranslation();
  return (
    <Stack
      role="group"
      aria-labelledby={id}
      direction={SIDE_DIRECTION}
      spacing={1}
      sx={{ mt: 2, alignItems: { sm: 'center', md: 'stretch' } }}
      useFlexGap
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <Typography id={id}>{question}</Typography>
      <Button variant="contained" color={danger ? 'error' : 'primary'} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
      <Button variant="outlined" autoFocus onClick={onCancel}>
        {t('Chat.CloseConfirmCancel')}
      </Button>
    </Stack>
  );
}
