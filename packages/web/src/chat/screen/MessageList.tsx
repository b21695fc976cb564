import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage } from '@rechtschat/core';
import type { ChatScreenServices } from './chatScreenServices.js';
import { MessageItem } from './MessageItem.js';

/** SPEC §9: the list scrolls inside this height (chat.css, .chat-log). */
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
    <div
      ref={scroller}
      id={MESSAGE_LIST_ID}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('Chat.Messages.Label')}
      // Keyboard users must be able to scroll the region.
      tabIndex={0}
      className="chat-log"
    >
      {messages.length === 0 ? (
        <p className="chat-log__empty">{t('Chat.Messages.Empty')}</p>
      ) : (
        <ul className="chat-log__list">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} chatId={chatId} services={services} />
          ))}
        </ul>
      )}
    </div>
  );
}
