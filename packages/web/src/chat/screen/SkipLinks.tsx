import { useTranslation } from 'react-i18next';
import type { MouseEvent } from 'react';

function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  // Move focus without changing the route's URL (the router owns the location).
  event.preventDefault();
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
}

/** Keyboard jump links to the message log and to the answer input, visible on focus (chat.css). */
export function SkipLinks({ messagesId, inputId }: { readonly messagesId: string; readonly inputId: string }) {
  const { t } = useTranslation('chat');
  return (
    <nav aria-label={t('Chat.Screen.SkipLinks')} className="chat-skip">
      <a href={`#${messagesId}`} className="ui-link chat-skip__link" onClick={(event) => focusTarget(event, messagesId)}>
        {t('Chat.Screen.SkipToMessages')}
      </a>
      <a href={`#${inputId}`} className="ui-link chat-skip__link" onClick={(event) => focusTarget(event, inputId)}>
        {t('Chat.Screen.SkipToInput')}
      </a>
    </nav>
  );
}
