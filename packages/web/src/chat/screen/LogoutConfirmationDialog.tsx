import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogContent } from '../../ui/index.js';
import { initialFocus } from './dialogFocus.js';
import type { OpenChat } from './openChatContext.js';

interface LogoutConfirmationDialogProps {
  readonly openChat: Exclude<OpenChat, 'none'>;
  readonly stay: () => void;
  readonly logout: () => void;
}

/**
 * "Abmelden" while the chat is open: the chat goes on for the lawyer side, so the participant confirms first.
 * Staying is the focused default; Escape stays as well.
 */
export function LogoutConfirmationDialog({ openChat, stay, logout }: LogoutConfirmationDialogProps) {
  const { t } = useTranslation('chat');
  return (
    <Dialog
      open
      onClose={stay}
      title={t('Chat.Logout.Title')}
      aria-describedby="chat-logout-text"
      maxWidth="xs"
      actions={
        <>
          <Button variant="outlined" onClick={logout}>
            {t('Chat.Logout.Confirm')}
          </Button>
          <Button variant="contained" onClick={stay} ref={initialFocus}>
            {t('Chat.Logout.Stay')}
          </Button>
        </>
      }
    >
      <DialogContent>
        <p id="chat-logout-text" className="ui-text">
          {t(openChat === 'lawyer' ? 'Chat.Logout.TextLawyer' : 'Chat.Logout.TextWaiting')}
        </p>
      </DialogContent>
    </Dialog>
  );
}
