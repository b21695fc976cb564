import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage } from '@rechtschat/core';
import { AgentImage } from './AgentImage.js';
import type { ChatScreenServices } from './chatScreenServices.js';
import { FileLink } from './FileLink.js';
import { formatMessageTime } from './germanDates.js';
import { messageText } from './messageText.js';

interface MessageItemProps {
  readonly message: DisplayMessage;
  readonly chatId: string | null;
  readonly services: ChatScreenServices;
}

/** One message of the chat log. Text is rendered as React text, never as HTML (DESIGN §6). */
export function MessageItem({ message, chatId, services }: MessageItemProps) {
  const { t } = useTranslation('chat');
  const own = message.kind === 'participant' || message.own === true;
  const isInformation = message.kind === 'information';
  // File and forwarded messages may come from either side (the view model does not say which): no thumbnail.
  const fromLawyer = message.kind === 'lawyer';
  const author = own ? t('Chat.Messages.You') : message.kind === 'bot' ? t('Chat.Messages.Bot') : (message.authorName ?? t('Chat.Messages.Lawyer'));

  if (isInformation) {
    return (
      <Box component="li" sx={{ textAlign: 'center', color: 'text.secondary', fontStyle: 'italic', py: 0.5, whiteSpace: 'pre-wrap' }}>
        {messageText(message, t)}
      </Box>
    );
  }

  return (
    <Box
      component="li"
      data-kind={message.kind}
      aria-busy={message.pending || undefined}
      sx={{ display: 'flex', gap: 1, justifyContent: own ? 'flex-end' : 'flex-start', alignItems: 'flex-start', opacity: message.pending ? 0.6 : 1 }}
    >
      {fromLawyer && services.getAgentImage && chatId && message.authorId && (
        <AgentImage chatId={chatId} authorId={message.authorId} authorName={author} load={services.getAgentImage} />
      )}
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '75%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: (theme) => (own ? theme.palette.primary.main : message.highlighted ? alpha(theme.palette.warning.main, 0.15) : theme.palette.grey[100]),
          color: own ? 'primary.contrastText' : 'text.primary',
          border: message.highlighted ? 2 : 0,
          borderColor: 'warning.main',
          fontWeight: message.highlighted ? 600 : undefined,
        }}
      >
        <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
          {author}
          {message.kind === 'forwarded' && ` · ${t('Chat.Messages.Forwarded')}`}
          {' · '}
          <time dateTime={message.created}>{formatMessageTime(message.created)}</time>
          {message.pending && ` · ${t('Chat.Messages.Pending')}`}
        </Typography>
        {message.kind === 'file' && message.fileId ? (
          <FileLink fileId={message.fileId} fileName={message.fileName ?? message.text} load={services.getFile} />
        ) : (
          <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontWeight: 'inherit' }}>
            {messageText(message, t)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
