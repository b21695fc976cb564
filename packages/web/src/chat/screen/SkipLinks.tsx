import { useTranslation } from 'react-i18next';
import type { MouseEvent } from 'react';

/**
 * Focuses the element `id`, or with `firstControl` the first control inside it: „Zur Eingabe springen“ lands in the
 * answer field (or on the step's first button) – the region alone needed one more Tab (phone tester, 2026-12-05).
 */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string, firstControl = false) {
  const region = document.getElementById(id);
  if (!region) return;
  const target = (firstControl ? region.querySelector<HTMLElement>('textarea, input:not([type="hidden"]), button:not([disabled])') : null) ?? region;
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
      <a href={`#${inputId}`} className="ui-link chat-skip__link" onClick={(event) => focusTarget(event, inputId, true)}>
        {t('Chat.Screen.SkipToInput')}
      </a>
    </nav>
  );
}
