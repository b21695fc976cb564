// The log-out action in the chat header. On the callback confirmation it ends only the chat host
// session and returns to /chat; everywhere else it opens /logout, which ends both sessions.
// A plain button (global.css) that needs no service until it is pressed, so the header paints at once.
// While the chat is open for the lawyer side it asks first (the chat goes on without the participant);
// that dialog comes with the chat screen's chunk, which is loaded whenever a chat can be open.
import { Suspense, lazy, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistoryEntry, useNavigate } from '../../routing/AppRouter.js';
import { useContainerLater } from '../../app/ContainerContext.js';
import { ChatHostApiToken, EndChatConnectionToken, StorageToken } from '../../app/tokens.js';
import { CHAT_HOST_SESSION_KEY } from './enterNewChat.js';
import { endChatHostSession } from './endChatHostSession.js';
import { forgetChatPersonData } from './chatTabData.js';
import { OpenChatContext } from '../screen/openChatContext.js';

const LogoutConfirmationDialog = lazy(() => import('../screen/LogoutConfirmationDialog.js').then((m) => ({ default: m.LogoutConfirmationDialog })));

export function ChatLogoutButton() {
  const { t } = useTranslation('common');
  const withContainer = useContainerLater();
  const navigate = useNavigate();
  const { pathname } = useHistoryEntry();
  const [busy, setBusy] = useState(false);
  const openChat = useContext(OpenChatContext)?.openChat ?? 'none';
  const [confirming, setConfirming] = useState(false);

  const logout = () => {
    if (!pathname.startsWith('/chat/rueckruf')) {
      navigate('/logout');
      return;
    }
    setBusy(true);
    withContainer((c) => {
      const storage = c.get(StorageToken);
      storage.remove(CHAT_HOST_SESSION_KEY);
      forgetChatPersonData(storage);
      // Whatever the answer, the participant asked to leave: go on to /chat. The header (and this button) stays
      // mounted there – /chat leads into a new chat while the product session lasts – so it must not stay disabled.
      endChatHostSession(c.get(EndChatConnectionToken), c.get(ChatHostApiToken)).subscribe(() => {
        setBusy(false);
        navigate('/chat');
      });
    });
  };

  return (
    <>
      <button type="button" className="button button-outlined" onClick={openChat === 'none' ? logout : () => setConfirming(true)} disabled={busy}>
        {t('Layout.Logout')}
      </button>
      {confirming && openChat !== 'none' && (
        <Suspense fallback={null}>
          <LogoutConfirmationDialog
            openChat={openChat}
            stay={() => setConfirming(false)}
            logout={() => {
              setConfirming(false);
              logout();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
