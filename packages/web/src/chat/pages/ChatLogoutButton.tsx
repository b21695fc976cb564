// The log-out action in the chat header. On the callback confirmation it ends only the chat host
// session and returns to /chat (SPEC §2); everywhere else it opens /logout, which ends both sessions.
import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useInjection } from '../../app/ContainerContext.js';
import { ChatHostApiToken, StorageToken } from '../../app/tokens.js';
import { ONBOARDING_DRAFT_KEY } from '@rechtschat/core';
import { CHAT_HOST_SESSION_KEY } from './enterNewChat.js';

export function ChatLogoutButton() {
  const { t } = useTranslation('common');
  const chatHostApi = useInjection(ChatHostApiToken);
  const storage = useInjection(StorageToken);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);

  const logout = () => {
    if (!pathname.startsWith('/chat/rueckruf')) {
      navigate('/logout');
      return;
    }
    setBusy(true);
    storage.remove(CHAT_HOST_SESSION_KEY);
    storage.remove(ONBOARDING_DRAFT_KEY);
    // Whatever the answer, the participant asked to leave: go on to /chat.
    chatHostApi.logout().subscribe(() => navigate('/chat'));
  };

  return (
    <Button color="inherit" variant="outlined" onClick={logout} disabled={busy} sx={{ borderColor: 'rgba(255,255,255,0.7)' }}>
      {t('Layout.Logout')}
    </Button>
  );
}
