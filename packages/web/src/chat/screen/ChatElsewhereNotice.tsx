import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing/Link.js';
import { Alert } from '../../ui/index.js';

/** Where the person's consultation is, and why this screen is not it. */
export type ChatElsewhere =
  /** The intake ended, but the consultation already runs in another tab or window (one at a time per person). */
  | 'runningElsewhere'
  /** Back (or an old link) shows an earlier, finished chat while the person's new request still waits or runs. */
  | 'otherRequest';

const TEXTS = {
  runningElsewhere: { text: 'Chat.RunningElsewhere.Text', link: 'Chat.RunningElsewhere.Link' },
  otherRequest: { text: 'Chat.OtherRequest.Text', link: 'Chat.OtherRequest.Link' },
} as const;

/**
 * Says why this is not the running consultation, focused so a screen reader hears it at once, and leads into it:
 * from another tab's intake with a full load of its address (this tab's chat ended), else within the app.
 */
export function ChatElsewhereNotice({ caseId, reason }: { readonly caseId: string; readonly reason: ChatElsewhere }) {
  const { t } = useTranslation('chat');
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const to = `/chat/${encodeURIComponent(caseId)}`;
  return (
    <div ref={notice} tabIndex={-1} className="chat-running-notice">
      <Alert severity="info" role="status">
        <p className="ui-text">{t(TEXTS[reason].text)}</p>
        <p className="ui-text">
          {reason === 'runningElsewhere' ? (
            <a className="ui-link" href={to}>
              {t(TEXTS[reason].link)}
            </a>
          ) : (
            <Link className="ui-link" to={to}>
              {t(TEXTS[reason].link)}
            </Link>
          )}
        </p>
      </Alert>
    </div>
  );
}
