// Whether the client still has the chat open, as the server tells it (ClientAway / ClientBack): a lawyer whose client
// closed the phone before the first answer should not write into an empty room and wait.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INACTIVITY_AFTER_MS, INACTIVITY_STAGE1_S, INACTIVITY_STAGE2_S, type ClientPresence } from '@rechtschat/core';
import { formatNumber, formatTime } from '../i18n/i18n.js';

/** The client's inactivity stages, which the server also runs once the client has gone: 4.5 minutes. */
const TIMEOUT_MINUTES = (INACTIVITY_AFTER_MS + (INACTIVITY_STAGE1_S + INACTIVITY_STAGE2_S) * 1000) / 60_000;

export function ClientPresenceNote({ presence }: { readonly presence: ClientPresence }) {
  const { t } = useTranslation();
  // Always present, so screen readers announce the note when it appears or changes.
  return (
    <Box role="status" sx={{ mt: presence === null ? 0 : 1 }}>
      {presence?.kind === 'away' && (
        <Box sx={{ borderLeft: 4, borderColor: 'warning.main', pl: 1.5, py: 0.5 }}>
          <Typography variant="body2">{t('Chat.ClientAway', { time: formatTime(presence.since) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('Chat.ClientAwayHint', { minutes: formatNumber(TIMEOUT_MINUTES) })}
          </Typography>
        </Box>
      )}
      {presence?.kind === 'back' && <Typography variant="body2">{t('Chat.ClientBack')}</Typography>}
    </Box>
  );
}
