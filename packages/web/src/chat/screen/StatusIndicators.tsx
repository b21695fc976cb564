import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '@rechtschat/core';

/** "Der Chatbot schreibt …" / "Ihre Anwältin oder Ihr Anwalt schreibt …" as a polite status line. */
export function TypingIndicator({ botTyping, lawyerTyping }: { readonly botTyping: boolean; readonly lawyerTyping: boolean }) {
  const { t } = useTranslation('chat');
  const text = botTyping ? t('Chat.Typing.Bot') : lawyerTyping ? t('Chat.Typing.Lawyer') : '';
  // The status element stays mounted so assistive technology notices when text appears.
  return (
    <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em', px: { xs: 1, sm: 2 }, fontStyle: 'italic' }}>
      {text}
    </Typography>
  );
}

function ReconnectIcon({ label }: { readonly label: string }) {
  return (
    <Box component="svg" role="img" aria-label={label} viewBox="0 0 24 24" sx={{ width: 24, height: 24, fill: 'currentColor' }}>
      <title>{label}</title>
      <path d="M12 6V3L8 7l4 4V8c2.76 0 5 2.24 5 5a5 5 0 0 1-8.66 3.4l-1.42 1.42A7 7 0 0 0 19 13c0-3.87-3.13-7-7-7zm-5 7c0-.84.21-1.63.58-2.32L6.12 9.22A7 7 0 0 0 5 13h2z" />
    </Box>
  );
}

/** Nothing while connected; a reconnect icon while reconnecting; a notice when the connection is gone. */
export function ConnectionIndicator({ connection }: { readonly connection: ConnectionState }) {
  const { t } = useTranslation('chat');
  if (connection === 'connected') return null;
  if (connection === 'reconnecting') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'warning.dark', px: { xs: 1, sm: 2 } }}>
        <ReconnectIcon label={t('Chat.Connection.Reconnecting')} />
        <CircularProgress size={16} color="inherit" aria-hidden="true" />
      </Box>
    );
  }
  return (
    <Typography role="status" color="error" sx={{ px: { xs: 1, sm: 2 } }}>
      {t('Chat.Connection.Disconnected')}
    </Typography>
  );
}
