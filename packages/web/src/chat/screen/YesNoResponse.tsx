import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

interface YesNoResponseProps {
  readonly busy: boolean;
  readonly answer: (yes: boolean) => void;
}

/** Ja / Nein for the YesOrNo, YesOrNoPhone and YesOrNoEmail steps. */
export function YesNoResponse({ busy, answer }: YesNoResponseProps) {
  const { t } = useTranslation('chat');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
      <Button variant="contained" disabled={busy} onClick={() => answer(true)} autoFocus sx={{ minWidth: 120, flex: { xs: 1, sm: 'none' } }}>
        {t('Chat.Input.Yes')}
      </Button>
      <Button variant="outlined" disabled={busy} onClick={() => answer(false)} sx={{ minWidth: 120, flex: { xs: 1, sm: 'none' } }}>
        {t('Chat.Input.No')}
      </Button>
    </Box>
  );
}
