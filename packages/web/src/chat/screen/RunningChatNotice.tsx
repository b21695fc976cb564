import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/index.js';

/**
 * The intake ended, but this person's consultation already runs in another tab or window (one at a time per person):
 * says so, focused so a screen reader hears it at once, and leads into that chat – a full load of its address.
 */
export function RunningChatNotice({ caseId }: { readonly caseId: string }) {
  const { t } = useTranslation('chat');
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div ref={notice} tabIndex={-1} className="chat-running-notice">
      <Alert severity="info" role="status">
        <p className="ui-text">{t('Chat.RunningElsewhere.Text')}</p>
        <p className="ui-text">
          <a className="ui-link" href={`/chat/${encodeURIComponent(caseId)}`}>
            {t('Chat.RunningElsewhere.Link')}
          </a>
        </p>
      </Alert>
    </div>
  );
}
