import { useTranslation } from 'react-i18next';
import type { ConnectionNotice } from '@rechtschat/core';
import { Button, Spinner } from '../../ui/index.js';

/**
 * "Der Chatbot schreibt …" / "Markus Hoffmann schreibt …" as a polite status line; "Ihre Anwältin oder Ihr Anwalt
 * schreibt …" only while the lawyer's name is not known (a chat joined before the name was sent).
 */
export function TypingIndicator({
  botTyping,
  lawyerTyping,
  lawyerName = null,
}: {
  readonly botTyping: boolean;
  readonly lawyerTyping: boolean;
  readonly lawyerName?: string | null;
}) {
  const { t } = useTranslation('chat');
  const lawyerText = lawyerName ? t('Chat.Typing.LawyerNamed', { name: lawyerName }) : t('Chat.Typing.Lawyer');
  const text = botTyping ? t('Chat.Typing.Bot') : lawyerTyping ? lawyerText : '';
  // The status element stays mounted so assistive technology notices when text appears.
  return (
    <p role="status" className="chat-typing">
      {text}
    </p>
  );
}

function ReconnectIcon() {
  // Decorative: the text beside it says the same.
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24" className="chat-connection__icon">
      <path d="M12 6V3L8 7l4 4V8c2.76 0 5 2.24 5 5a5 5 0 0 1-8.66 3.4l-1.42 1.42A7 7 0 0 0 19 13c0-3.87-3.13-7-7-7zm-5 7c0-.84.21-1.63.58-2.32L6.12 9.22A7 7 0 0 0 5 13h2z" />
    </svg>
  );
}

const NOTICE_KEYS = {
  offline: 'Chat.Connection.Offline',
  reconnecting: 'Chat.Connection.Reconnecting',
  disconnected: 'Chat.Connection.Disconnected',
  capped: 'Chat.Connection.Capped',
} as const satisfies Record<ConnectionNotice, string>;

const reloadPage = () => window.location.reload();

/** When the next start comes, in whole seconds below a minute, else in whole minutes (waits double up to 5 minutes). */
function retryText(t: (key: string, options: { count: number }) => string, seconds: number): string {
  return seconds < 60
    ? t('Chat.Connection.CappedRetrySeconds', { count: seconds })
    : t('Chat.Connection.CappedRetryMinutes', { count: Math.round(seconds / 60) });
}

/**
 * The connection notice by the response bar, where the participant types: nothing while connected, else a
 * German sentence (with the reconnect icon while reconnecting). The status element stays mounted, so a screen
 * reader announces each notice once, politely, when it appears. Once the automatic reconnects have given up
 * („unterbrochen“: a restart of the server that outlasted them, a session that ended) the notice offers „Seite neu
 * laden“: on a phone the browser's reload hides in a menu, and the page had nothing else to press (found from
 * outside, 2026-12-05). A reload joins the chat again, or says how to open it when the sign-in has ended.
 */
export function ConnectionIndicator({
  notice,
  closedByServer = null,
  reload = reloadPage,
  retrySeconds = null,
}: {
  readonly notice: ConnectionNotice | null;
  /** The server's German reason when it ended the connection for good (data erased): said instead, no reload offered. */
  readonly closedByServer?: string | null;
  readonly reload?: () => void;
  /** With 'capped': the seconds until the next start the session makes by itself. */
  readonly retrySeconds?: number | null;
}) {
  const { t } = useTranslation('chat');
  if (notice === 'disconnected' && closedByServer !== null)
    return (
      <div role="status" className="chat-connection chat-connection--disconnected">
        <span>{closedByServer}</span>
      </div>
    );
  return (
    <div role="status" className={notice === null ? 'chat-connection' : `chat-connection chat-connection--${notice}`}>
      {notice === 'reconnecting' && (
        <>
          <ReconnectIcon />
          <Spinner size={16} />
        </>
      )}
      {notice !== null && <span>{t(NOTICE_KEYS[notice])}</span>}
      {notice === 'capped' && retrySeconds !== null && <span> {retryText(t, retrySeconds)}</span>}
      {notice === 'disconnected' && (
        <Button variant="outlined" onClick={reload}>
          {t('Chat.Screen.Reload')}
        </Button>
      )}
    </div>
  );
}
