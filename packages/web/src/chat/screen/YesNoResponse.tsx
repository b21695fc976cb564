import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/index.js';

interface YesNoResponseProps {
  readonly busy: boolean;
  readonly answer: (yes: boolean) => void;
}

/** Ja / Nein for the YesOrNo, YesOrNoPhone and YesOrNoEmail steps. */
export function YesNoResponse({ busy, answer }: YesNoResponseProps) {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-actions chat-actions--yes-no">
      <Button variant="contained" disabled={busy} onClick={() => answer(true)} autoFocus>
        {t('Chat.Input.Yes')}
      </Button>
      <Button variant="outlined" disabled={busy} onClick={() => answer(false)}>
        {t('Chat.Input.No')}
      </Button>
    </div>
  );
}
