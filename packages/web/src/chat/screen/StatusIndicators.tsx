import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '@rechtschat/core';
import { Spinner } from '../../ui/index.js';

/** "Der Chatbot schreibt …" / "Ihre Anwältin oder Ihr Anwalt schreibt …" as a polite status line. */
export function TypingIndicator({ botTyping, lawyerTyping }: { readonly botTyping: boolean; readonly lawyerTyping: boolean }) {
  const { t } = useTranslation('chat');
  const text = botTyping ? t('Chat.Typing.Bot') : lawyerTyping ? t('Chat.Typing.Lawyer') : '';
  // The status element stays mounted so assistive technology notices when text appears.
  return (
    <p role="status" className="chat-typing">
      {text}
    </p>
  );
}

function ReconnectIcon({ label }: { readonly label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" width="24" height="24" className="chat-connection__icon">
      <title>{label}</title>
      <path d="M12 6V3L8 7l4 4V8c2.76 0 5 2.24 5 5a5 5 0 0 1-8.66 3.4l-1.42 1.42A7 7 0 0 0 19 13c0-3.87-3.13-7-7-7zm-5 7c0-.84.21-1.63.58-2.32L6.12 9.22A7 7 0 0 0 5 13h2z" />
    </svg>
  );
}

/** Nothing while connected; a reconnect icon while reconnecting; a notice when the connection is gone. */
export function ConnectionIndicator({ connection }: { readonly connection: ConnectionState }) {
  const { t } = useTranslation('chat');
  if (connection === 'connected') return null;
  if (connection === 'reconnecting') {
    return (
      <div role="status" className="chat-connection chat-connection--reconnecting">
        <ReconnectIcon label={t('Chat.Connection.Reconnecting')} />
        <Spinner size={16} />
      </div>
    );
  }
  return (
    <p role="status" className="chat-connection chat-connection--lost">
      {t('Chat.Connection.Disconnected')}
    </p>
  );
}
