import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { textWithLinks, type DisplayMessage } from '@rechtschat/core';
import { keepShortCompounds } from '../../layout/keepShortCompounds.js';
import { cx } from '../../ui/cx.js';
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

/** One message of the chat log. Text is rendered as React text, never as HTML; web addresses in it as links (core textLinks.ts). */
export function MessageItem({ message, chatId, services }: MessageItemProps) {
  const { t } = useTranslation('chat');
  const own = message.kind === 'participant' || message.own === true;
  // File and forwarded messages may come from either side (the view model does not say which): no thumbnail.
  const fromLawyer = message.kind === 'lawyer';
  // The forwarding notice is the service's, not a lawyer's: it carries no author line of its own.
  const author = own
    ? t('Chat.Messages.You')
    : message.kind === 'bot'
      ? t('Chat.Messages.Bot')
      : message.kind === 'forwarded' && !message.authorName
        ? null
        : (message.authorName ?? t('Chat.Messages.Lawyer'));

  if (message.kind === 'information') {
    return <li className="chat-info">{messageText(message, t)}</li>;
  }

  return (
    <li
      data-kind={message.kind}
      aria-busy={message.pending || undefined}
      className={cx('chat-msg', own && 'chat-msg--own', message.pending && 'chat-msg--pending')}
    >
      {fromLawyer && services.getAgentImage && chatId && message.authorId && (
        <AgentImage chatId={chatId} authorId={message.authorId} authorName={author ?? t('Chat.Messages.Lawyer')} load={services.getAgentImage} />
      )}
      <div className={cx('chat-bubble', own && 'chat-bubble--own', message.highlighted && 'chat-bubble--highlighted')}>
        <p className="chat-bubble__meta">
          {author}
          {message.kind === 'forwarded' && `${author === null ? '' : ' · '}${t('Chat.Messages.Forwarded')}`}
          {' · '}
          <time dateTime={message.created}>{formatMessageTime(message.created)}</time>
          {message.pending && ` · ${t('Chat.Messages.Pending')}`}
          {message.notSent && ` · ${t('Chat.Messages.NotSent')}`}
        </p>
        {message.kind === 'file' && message.fileId ? (
          <FileLink fileId={message.fileId} fileName={message.fileName ?? message.text} load={services.getFile} />
        ) : (
          <p className="chat-bubble__text">
            {textWithLinks(messageText(message, t)).map((part, i) =>
              part.href === undefined ? (
                // The assistant's own words keep „E-Mail“ on one line; what people type stays as typed.
                <Fragment key={i}>{message.kind === 'bot' ? keepShortCompounds(part.text, 'chat-bubble__keep') : part.text}</Fragment>
              ) : (
                <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
                  {part.text}
                  <span className="visually-hidden"> {t('Layout.OpensInNewTab')}</span>
                </a>
              ),
            )}
          </p>
        )}
      </div>
    </li>
  );
}
