import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage } from '@rechtschat/core';
import type { ChatScreenServices } from './chatScreenServices.js';
import { MessageItem } from './MessageItem.js';

/** The list scrolls inside this height (chat.css, .chat-log); a phone-sized screen gives it all there is. */
export const MESSAGE_LIST_MAX_HEIGHT = 600;
export const MESSAGE_LIST_ID = 'chat-messages';

interface MessageListProps {
  readonly messages: readonly DisplayMessage[];
  readonly chatId: string | null;
  readonly services: ChatScreenServices;
}

/** How far the log scrolls: it changes when the log gets lower or taller, and with it where the end is. */
const scrollRange = (element: HTMLElement) => element.scrollHeight - element.clientHeight;

/**
 * Which list item a message is: the acknowledged copy of the participant's own message (server id, same clientId)
 * stays the item its pending copy was, so the log changes it in place instead of removing one item and adding
 * another – an added item is what the log reads out, and the own message was read out twice (outside tester).
 */
const messageKey = (message: DisplayMessage): string => message.clientId ?? message.id;

/** The chat log: a polite live region, so screen readers announce each new message – once. */
export function MessageList({ messages, chatId, services }: MessageListProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const empty = messages.length === 0;
  /** Whether the newest message is in view; the person may have scrolled back to read. */
  const atEnd = useRef(true);
  /** The scroll range as of the last layout seen here, to tell the browser's scrolling on a resize from the person's. */
  const range = useRef(0);
  const remember = (element: HTMLElement) => (range.current = scrollRange(element));

  useEffect(() => {
    const element = scroller.current;
    // Its scroll event records the end and the new range.
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId, messages.length]);

  // The log gets lower when the virtual keyboard opens, the screen turns or the answer bar grows, and its content
  // taller when a picture loads: a log that showed the newest message goes on showing it.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (atEnd.current) element.scrollTop = element.scrollHeight;
      remember(element);
    });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [empty]);

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
      onScroll={(event) => {
        const element = event.currentTarget;
        // A scroll event under another scroll range than the last seen is the browser's: it clamped scrollTop when
        // the log got taller, and the log may have got lower again before the event came (a turn and the keyboard in
        // one frame) – the end then looks far away although nobody scrolled. The resize observer follows and decides.
        const resized = range.current !== remember(element);
        atEnd.current = range.current - element.scrollTop < 2 || (atEnd.current && resized);
      }}
    >
      {messages.length === 0 ? (
        <p className="chat-log__empty">{t('Chat.Messages.Empty')}</p>
      ) : (
        <ul className="chat-log__list">
          {messages.map((message) => (
            <MessageItem key={messageKey(message)} message={message} chatId={chatId} services={services} />
          ))}
        </ul>
      )}
    </div>
  );
}
