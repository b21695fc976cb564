import { useEffect, useId, useRef } from 'react';
import { Button, LinearProgress, announcedPercent } from '../../ui/index.js';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_ACCEPT } from '@rechtschat/core';

interface FileUploadButtonProps {
  readonly disabled: boolean;
  /** The file whose upload runs (core's uploadingFileName), said in a status line beside the button. */
  readonly uploadingFileName: string | null;
  /** How much of it has been sent, 0–100 (core's uploadPercent). */
  readonly uploadPercent: number;
  /** The file whose upload the person cancelled (core's cancelledUploadFileName). */
  readonly cancelledFileName: string | null;
  readonly onFile: (file: File) => void;
  readonly onCancel: () => void;
}

/**
 * "Datei hochladen": opens the file picker and hands the chosen file over. While a command or an upload runs the button is
 * aria-disabled, not disabled – after the picker the focus is back on it, and a disabled button would drop it to the
 * page's start for the whole upload. While a file is sent (on mobile data 10 MB take minutes) a progress bar shows the
 * percentage and „Hochladen abbrechen“ stops it. The always-mounted status line says the start, every quarter (not
 * every percent, which a screen reader would read out many times a second) and a cancel.
 */
export function FileUploadButton({ disabled, uploadingFileName, uploadPercent, cancelledFileName, onFile, onCancel }: FileUploadButtonProps) {
  const { t } = useTranslation('chat');
  const input = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const uploading = uploadingFileName !== null;
  useFocusBackWhenUploadEnds(uploading, uploadButton);
  const step = announcedPercent(uploadPercent);
  const status =
    uploadingFileName !== null
      ? step === null
        ? t('Chat.Input.Uploading', { fileName: uploadingFileName, interpolation: { escapeValue: false } })
        : t('Chat.Input.UploadProgress', { fileName: uploadingFileName, percent: step, interpolation: { escapeValue: false } })
      : cancelledFileName !== null
        ? t('Chat.Input.UploadCancelled')
        : '';
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
        ref={uploadButton}
        variant="outlined"
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
        aria-controls={inputId}
      >
        {t('Chat.Input.Upload')}
      </Button>
      {/* While the bar shows, its text says the same to the eye: the status line is then for screen readers only. */}
      <span role="status" className={uploading ? 'chat-upload-status visually-hidden' : 'chat-upload-status'}>
        {status}
      </span>
      {uploadingFileName !== null && (
        <div className="chat-upload-progress">
          <span className="chat-upload-progress__text" aria-hidden="true">
            {t('Chat.Input.UploadProgress', { fileName: uploadingFileName, percent: uploadPercent, interpolation: { escapeValue: false } })}
          </span>
          <LinearProgress
            value={uploadPercent}
            label={t('Chat.Input.UploadProgressLabel')}
            valueText={t('Chat.Input.UploadProgressValue', { percent: uploadPercent })}
          />
          <Button
            variant="text"
            onClick={() => {
              onCancel();
              // The cancel button goes away: the focus goes to where the next file is picked.
              uploadButton.current?.focus();
            }}
          >
            {t('Chat.Input.UploadCancel')}
          </Button>
        </div>
      )}
    </>
  );
}

/** A finished upload removes the cancel button; a focus left on it would fall to the page's start, so it goes to "Datei hochladen". */
function useFocusBackWhenUploadEnds(uploading: boolean, uploadButton: React.RefObject<HTMLButtonElement | null>) {
  const previous = useRef(uploading);
  useEffect(() => {
    if (previous.current === uploading) return;
    previous.current = uploading;
    if (uploading) return;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected) uploadButton.current?.focus();
  }, [uploading, uploadButton]);
}
