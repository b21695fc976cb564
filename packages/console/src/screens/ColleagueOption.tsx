// One colleague in the forward choice: the name, and whether they are signed in (since when idle), so the lawyer forwards
// to someone who can take the chat now rather than to a colleague who is away.
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { Colleague } from '@rechtschat/core';
import { formatTime } from '../i18n/i18n.js';

export function ColleagueOption({ colleague }: { readonly colleague: Colleague }) {
  const { t } = useTranslation();
  const status =
    colleague.LastActive === null
      ? t('Chat.ColleagueSignedOut')
      : t(colleague.ConsoleOpen === false ? 'Chat.ColleagueConsoleClosed' : 'Chat.ColleagueSignedIn', { time: formatTime(colleague.LastActive) });
  return <ListItemText primary={colleague.Name} secondary={status} sx={{ my: 0 }} />;
}
