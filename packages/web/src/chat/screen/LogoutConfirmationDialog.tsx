import { useTranslation } from 'react-i18next';
import { useTexts } from '../../i18n/useTexts.js';
import { Button, Dialog, DialogContent } from '../../ui/index.js';
import { initialFocus } from './dialogFocus.js';
import type { OpenChat } from './openChatContext.js';
import { logoutConfirmationDe } from './logoutConfirmation.de.js';

const LOGOUT_TEXTS = [['chat', logoutConfirmationDe]] as const;

interface LogoutConfirmationDialogProps {
  readonly openChat: Exclude<OpenChat, 'none'>;
  readonly stay: () => void;
  readonly logout: () => void;
}

const LOGOUT_TEXT = { intake: 'Chat.Logout.TextIntake', waiting: 'Chat.Logout.TextWaiting', lawyer: 'Chat.Logout.TextLawyer' } as const;

/**
 * "Abmelden" while the chat is open or the intake runs (one tap must not lose what was typed): the chat goes on for the lawyer side, so the participant confirms first.
 * Staying is the focused default; Escape stays as well.
 */
export function LogoutConfirmationDialog({ openChat, stay, logout }: LogoutConfirmationDialogProps) {
  useTexts(LOGOUT_TEXTS);
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
          {t(LOGOUT_TEXT[openChat])}
        </p>
      </DialogContent>
    </Dialog>
  );
}
