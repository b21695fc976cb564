import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage } from '@rechtschat/core';
import type { ChatScreenServices } from './chatScreenServices.js';
import { MessageItem } from './MessageItem.js';

/** SPEC §9: the list scrolls inside this height. */
export const MESSAGE_LIST_MAX_HEIGHT = 600;
export const MESSAGE_LIST_ID = 'chat-messages';

interface MessageListProps {
  readonly messages: readonly DisplayMessage[];
  readonly chatId: string | null;
  readonly services: ChatScreenServices;
}

/** The chat log: a polite live region, so screen readers announce each new message. */
export function MessageList({ messages, chatId, services }: MessageListProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId, messages.length]);

  return (
    <Box
      ref={scroller}
      id={MESSAGE_LIST_ID}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('Chat.Messages.Label')}
      // Keyboard users must be able to scroll the region.
      tabIndex={0}
      sx={{ maxHeight: MESSAGE_LIST_MAX_HEIGHT, overflowY: 'auto', p: { xs: 1, sm: 2 }, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      {messages.length === 0 ? (
        <Box sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('Chat.Messages.Empty')}</Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} chatId={chatId} services={services} />
          ))}
        </Box>
      )}
    </Box>
  );
}
