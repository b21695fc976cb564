import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import type { MouseEvent } from 'react';

const hiddenUntilFocused = {
  position: 'absolute',
  left: -10000,
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
  '&:focus': { position: 'static', width: 'auto', height: 'auto', p: 1 },
} as const;

function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  // Move focus without changing the route's URL (the router owns the location).
  event.preventDefault();
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
}

/** Keyboard jump links to the message log and to the answer input, visible on focus. */
export function SkipLinks({ messagesId, inputId }: { readonly messagesId: string; readonly inputId: string }) {
  const { t } = useTranslation('chat');
  return (
    <Box component="nav" aria-label={t('Chat.Screen.SkipLinks')} sx={{ display: 'flex', gap: 2 }}>
      <Link href={`#${messagesId}`} sx={hiddenUntilFocused} onClick={(event) => focusTarget(event, messagesId)}>
        {t('Chat.Screen.SkipToMessages')}
      </Link>
      <Link href={`#${inputId}`} sx={hiddenUntilFocused} onClick={(event) => focusTarget(event, inputId)}>
        {t('Chat.Screen.SkipToInput')}
      </Link>
    </Box>
  );
}
