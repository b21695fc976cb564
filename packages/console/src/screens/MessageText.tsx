import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { textWithLinks } from '@rechtschat/core';
import { visuallyHidden } from './visuallyHidden.js';

/**
 * A chat message's text as sent (line breaks kept), with its web addresses as links that open in a new tab
 * (core textLinks.ts: only http(s), so no message can carry a script link). React escapes the rest.
 */
export function MessageText({ text, italic }: { readonly text: string; readonly italic: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography component="span" sx={{ whiteSpace: 'pre-wrap', fontStyle: italic ? 'italic' : 'normal' }}>
      {textWithLinks(text).map((part, i) =>
        part.href === undefined ? (
          part.text
        ) : (
          // Positioned, so the hidden text (absolute) stays inside the scrolling log instead of lengthening the page.
          <Link key={i} href={part.href} target="_blank" rel="noopener noreferrer" sx={{ position: 'relative' }}>
            {part.text}
            <span style={visuallyHidden}> {t('Chat.OpensInNewTab')}</span>
          </Link>
        ),
      )}
    </Typography>
  );
}
