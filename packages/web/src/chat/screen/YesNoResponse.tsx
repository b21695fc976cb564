import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/index.js';
import { focusIsFree } from './answerFocus.js';

interface YesNoResponseProps {
  readonly busy: boolean;
  readonly answer: (yes: boolean) => void;
}

/** Ja / Nein for the YesOrNo, YesOrNoPhone and YesOrNoEmail steps. */
export function YesNoResponse({ busy, answer }: YesNoResponseProps) {
  const { t } = useTranslation('chat');
  // Into the new form only while the focus is free (answerFocus.ts): decided once, when the form appears.
  const [takeFocus] = useState(focusIsFree);
  return (
    <div className="chat-actions chat-actions--yes-no">
      <Button variant="contained" disabled={busy} onClick={() => answer(true)} autoFocus={takeFocus}>
        {t('Chat.Input.Yes')}
      </Button>
      <Button variant="outlined" disabled={busy} onClick={() => answer(false)}>
        {t('Chat.Input.No')}
      </Button>
    </div>
  );
}
