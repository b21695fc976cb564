import { useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationKeys, characterCount, sendsOnEnter } from '@rechtschat/core';
import type { SubmitOutcome } from '@rechtschat/core';
import { limitFieldEdit } from '@rechtschat/adapters';
import { Button, Checkbox, TextField } from '../../ui/index.js';
import { FileUploadButton } from './FileUploadButton.js';
import { isTouchScreen } from './touchScreen.js';
import { ResponseForm } from './ResponseForm.js';
import { focusIsFree } from './answerFocus.js';
import { useSettle } from './useSettle.js';
import { useDraft } from './useDraft.js';

interface TextResponseProps {
  /** Where the unsent text is kept across a reload (with the screen's `drafts` service). */
  readonly draftKey?: string;
  readonly minLength: number;
  readonly maxLength: number;
  readonly lawyerConnected: boolean;
  /** Live chat with a lawyer: typing notifications and file upload are available. */
  readonly liveChat: boolean;
  /** The file whose upload runs, if any. */
  readonly uploadingFileName?: string | null;
  /** How much of it has been sent, 0–100. */
  readonly uploadPercent?: number;
  /** The file whose upload the person cancelled, if any. */
  readonly cancelledUploadFileName?: string | null;
  readonly busy: boolean;
  readonly submitText: (text: string) => SubmitOutcome;
  readonly userTyping: () => void;
  readonly uploadFile: (file: File) => void;
  readonly cancelUpload?: () => void;
}

/**
 * Multiline message input: 750 characters as people count them (an emoji once; adapters' limitFieldEdit instead of the
 * maxLength attribute, which counts UTF-16 units), remaining-characters hint, Enter to send with a lawyer – on a
 * keyboard; on a touch screen Enter makes a new line and neither the Enter hint nor its checkbox is shown.
 */
export function TextResponse(props: TextResponseProps) {
  const { draftKey, minLength, maxLength, lawyerConnected, liveChat, uploadingFileName = null, busy, submitText, userTyping, uploadFile } = props;
  const { uploadPercent = 0, cancelledUploadFileName = null, cancelUpload = () => undefined } = props;
  const { t } = useTranslation('chat');
  // Into the new form only while the focus is free (answerFocus.ts): decided once, when the form appears.
  const [takeFocus] = useState(focusIsFree);
  const settle = useSettle();
  const [text, setText] = useDraft(draftKey);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // Counts refused texts: each one mounts a new alert, so the same error is read out again.
  const [refusals, setRefusals] = useState(0);
  const [enterDisabled, setEnterDisabled] = useState(false);
  const [touch] = useState(isTouchScreen);
  const enterSends = lawyerConnected && !touch;
  // The field stops at the limit, and a browser cuts a longer paste without a word: the person must learn
  // that the end of the text is not in the field (it is still on the clipboard).
  const [pasteCut, setPasteCut] = useState(false);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  const send = (byEnter = false) => {
    if (busy) return;
    settle(submitText(text), (outcome) => {
      if (outcome.ok) {
        setText('');
        setErrorKey(null);
        setPasteCut(false);
      } else {
        // An Enter in an empty field (by accident) is simply not sent; „Senden“ on it, or spaces alone, get the hint to
        // write something – a tap that did nothing left the person wondering (outside tester).
        setErrorKey(outcome.errorKey === ValidationKeys.ChatEmpty && text === '' && byEnter ? null : outcome.errorKey);
        setRefusals((n) => n + 1);
      }
    });
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const context = {
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
      lawyerConnected,
      enterToSendDisabled: enterDisabled || touch,
    };
    if (!sendsOnEnter(context)) return;
    event.preventDefault();
    send(true);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    const kept = field.value.slice(0, field.selectionStart ?? field.value.length) + field.value.slice(field.selectionEnd ?? field.value.length);
    setPasteCut(characterCount(kept) + characterCount(event.clipboardData.getData('text')) > maxLength);
  };

  return (
    <ResponseForm onSubmit={() => send()}>
      <TextField
        inputRef={input}
        label={t('Chat.Input.MessageLabel')}
        multiline
        minRows={2}
        autoFocus={takeFocus}
        value={text}
        error={errorKey !== null}
        onChange={(event) => {
          const edit = limitFieldEdit(event.target, maxLength);
          setText(edit.value);
          setErrorKey(null);
          // Text put in without a paste event – dictation, a dropped text, the keyboard's suggestions – is cut the same
          // way, and said the same way.
          if (edit.cut) setPasteCut(true);
          else if (characterCount(edit.value) < maxLength) setPasteCut(false);
          if (liveChat) userTyping();
        }}
        helperText={
          <>
            {/* An alert as well as the description: with Enter the focus stays in the field, where a description is not read again. */}
            {errorKey && (
              <span key={refusals} role="alert" className="chat-helper__line">
                {t(errorKey, { min: minLength, max: maxLength })}
              </span>
            )}
            <span role="status" className="chat-helper__line">
              {pasteCut && t('Chat.Input.PasteCut', { max: maxLength })}
            </span>
            <span className="chat-helper__line chat-helper__line--muted">
              {t('Chat.Input.Remaining', { count: maxLength - characterCount(text.trim()), max: maxLength })}
            </span>
          </>
        }
        inputProps={{ onKeyDown, onPaste }}
      />
      <div className="chat-actions chat-actions--spread">
        {liveChat && (
          <FileUploadButton
            disabled={busy || uploadingFileName !== null}
            uploadingFileName={uploadingFileName}
            uploadPercent={uploadPercent}
            cancelledFileName={cancelledUploadFileName}
            onFile={uploadFile}
            onCancel={cancelUpload}
          />
        )}
        {enterSends && <Checkbox checked={enterDisabled} onChange={(event) => setEnterDisabled(event.target.checked)} label={t('Chat.Input.DisableEnter')} />}
        <Button type="submit" variant="contained" disabled={busy} className="chat-actions__send">
          {t('Chat.Input.Send')}
        </Button>
      </div>
      {enterSends && !enterDisabled && <span className="chat-hint">{t('Chat.Input.EnterHint')}</span>}
    </ResponseForm>
  );
}
