import { useId, useRef } from 'react';
import { Button } from '../../ui/index.js';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_ACCEPT } from '@rechtschat/core';

interface FileUploadButtonProps {
  readonly disabled: boolean;
  /** The file whose upload runs (core's uploadingFileName), said in a status line beside the button. */
  readonly uploadingFileName: string | null;
  readonly onFile: (file: File) => void;
}

/**
 * "Datei hochladen": opens the file picker and hands the chosen file over. While a command or an upload runs the button is
 * aria-disabled, not disabled – after the picker the focus is back on it, and a disabled button would drop it to the
 * page's start for the whole upload; the always-mounted status line says which file is being uploaded.
 */
export function FileUploadButton({ disabled, uploadingFileName, onFile }: FileUploadButtonProps) {
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
      <Button
        variant="outlined"
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
        aria-controls={inputId}
      >
        {t('Chat.Input.Upload')}
      </Button>
      <span role="status" className="chat-upload-status">
        {uploadingFileName !== null && t('Chat.Input.Uploading', { fileName: uploadingFileName, interpolation: { escapeValue: false } })}
      </span>
    </>
  );
}
