import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmitOutcome } from '@rechtschat/core';
import { Button, TextField } from '../../ui/index.js';
import { ResponseForm } from './ResponseForm.js';
import { focusIsFree } from './answerFocus.js';
import { useSettle } from './useSettle.js';
import { useDraft } from './useDraft.js';

export type SingleLineKind = 'EMail' | 'PhoneNumber';

const inputAttributes: Record<
  SingleLineKind,
  {
    readonly type: string;
    readonly inputMode: 'email' | 'tel';
    readonly autoComplete: string;
    readonly labelKey: string;
    readonly inputProps?: Record<string, unknown>;
  }
> = {
  // Not type="email": Chromium hands its value over in Punycode (juergen@xn--mller-kva.de), and the person must see and
  // confirm the address as written. Core turns it into the deliverable form (emailForSending) itself. A text field,
  // so a phone keyboard would capitalise and "correct" the address: both off, as in the Fallakte's e-mail field.
  EMail: {
    type: 'text',
    inputMode: 'email',
    autoComplete: 'email',
    labelKey: 'Chat.Input.EmailLabel',
    inputProps: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
  },
  PhoneNumber: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', labelKey: 'Chat.Input.PhoneLabel' },
};

interface SingleLineResponseProps {
  readonly kind: SingleLineKind;
  /** Where the half-typed answer is kept across a reload of the tab (with the screen's `drafts` service). */
  readonly draftKey?: string;
  readonly busy: boolean;
  readonly submitText: (text: string) => SubmitOutcome;
  readonly skip: () => void;
  /** What the field starts with: the answer given before, when the bot asks for it again after a „Nein“. */
  readonly previousAnswer?: string;
  /** Told each answer the bot took (the next question of this kind starts with it). */
  readonly onAccepted?: (text: string) => void;
}

/** E-mail or phone answer with a skip button; core validates and returns the error key to show. */
export function SingleLineResponse({ kind, draftKey, busy, submitText, skip, previousAnswer = '', onAccepted }: SingleLineResponseProps) {
  const { t } = useTranslation('chat');
  // Into the new form only while the focus is free (answerFocus.ts): decided once, when the form appears.
  const [takeFocus] = useState(focusIsFree);
  const settle = useSettle();
  // A typo in an e-mail address is corrected in place, not typed anew on a phone. A half-typed answer survives a
  // reload, as the message field's does (outside tester: the e-mail address typed so far was gone).
  const [draft, setDraft] = useDraft(draftKey);
  const [value, setShownValue] = useState(previousAnswer !== '' ? previousAnswer : draft);
  const setValue = (next: string) => {
    setShownValue(next);
    setDraft(next);
  };
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // Counts refused answers: each one mounts a new alert, so the same error is read out again (see the helper text).
  const [refusals, setRefusals] = useState(0);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // The answer given before stands selected at the first focus: typing replaces it, an arrow key corrects it in place
  // (outside tester: typing anew after „Nein“ appended to the old address).
  const selectAnswerBefore = useRef(previousAnswer !== '');
  const attributes = inputAttributes[kind];

  const send = () => {
    if (busy) return;
    const text = value.trim();
    settle(submitText(text), (outcome) => {
      if (outcome.ok) {
        onAccepted?.(text);
        setValue('');
        setErrorKey(null);
      } else {
        setErrorKey(outcome.errorKey);
        setRefusals((n) => n + 1);
      }
      input.current?.focus();
    });
  };

  return (
    <ResponseForm onSubmit={send}>
      <TextField
        inputRef={input}
        label={t(attributes.labelKey)}
        type={attributes.type}
        autoComplete={attributes.autoComplete}
        inputMode={attributes.inputMode}
        inputProps={{
          ...attributes.inputProps,
          onFocus: (event: { currentTarget: HTMLInputElement }) => {
            if (selectAnswerBefore.current) event.currentTarget.select();
            selectAnswerBefore.current = false;
          },
        }}
        maxLength={254}
        autoFocus={takeFocus}
        value={value}
        error={errorKey !== null}
        // An alert, not only the field's description: after Enter the focus stays in the field, and a screen reader
        // reads a description only when the focus comes to it – the refused answer would pass without a word.
        helperText={
          errorKey ? (
            <span key={refusals} role="alert">
              {t(errorKey)}
            </span>
          ) : undefined
        }
        onChange={(event) => {
          setValue(event.target.value);
          setErrorKey(null);
        }}
      />
      <div className="chat-actions">
        <Button variant="outlined" disabled={busy} onClick={skip}>
          {t('Chat.Input.Skip')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('Chat.Input.Send')}
        </Button>
      </div>
    </ResponseForm>
  );
}
