import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../ui/index.js';
import { useDraft } from './useDraft.js';

/**
 * The text the person was still typing when the lawyer ended the chat: it can no longer be sent, but it must not
 * vanish without a word (outside tester) – shown with the reason, to copy for the callback or a new request, until
 * the person dismisses it. It stays in the tab's drafts, so a reload shows it again.
 */
export function UnsentDraftNotice({ draftKey }: { readonly draftKey: string }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useDraft(draftKey);
  if (text.trim() === '') return null;
  return (
    <Alert
      severity="info"
      role="status"
      className="chat-unsent-draft"
      title={t('Chat.UnsentDraft.Title')}
      action={
        <Button variant="text" onClick={() => setText('')}>
          {t('Chat.UnsentDraft.Dismiss')}
        </Button>
      }
    >
      <blockquote className="chat-unsent-draft__text">{text}</blockquote>
    </Alert>
  );
}
