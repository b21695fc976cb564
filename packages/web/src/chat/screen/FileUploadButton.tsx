import { useId, useRef } from 'react';
import { Button } from '../../ui/index.js';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_ACCEPT } from '@rechtschat/core';

interface FileUploadButtonProps {
  readonly disabled: boolean;
  readonly onFile: (file: File) => void;
}

/** "Datei hochladen": opens the file picker and hands the chosen file over. */
export function FileUploadButton({ disabled, onFile }: FileUploadButtonProps) {
  const { t } = useTranslation('chat');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={CHAT_FILE_ACCEPT}
        hidden
        aria-label={t('Chat.Input.UploadLabel')}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()} aria-controls={inputId}>
        {t('Chat.Input.Upload')}
      </Button>
    </>
  );
}
