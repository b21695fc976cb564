import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailabilitySlotValues, callbackFormErrors, earliestCallbackDate, offeredCallbackSlots } from '@rechtschat/core';
import type { AvailabilitySlot, CallbackFormErrors, SubmitOutcome } from '@rechtschat/core';
import { Alert, Button, Radio, RadioGroup, TextField } from '../../ui/index.js';
import { callbackFieldOf } from './callbackFieldOf.js';
import { formatCalendarDay } from './germanDates.js';
import { useSettle } from './useSettle.js';
import { CALLBACK_FORM_ID } from './answerFocus.js';

interface CallbackFormProps {
  /**
   * The controller's clock (epoch ms): the form offers only days and time windows that have not ended in Berlin –
   * from tomorrow once today's last window is over, and today only the windows still to come or running now.
   */
  readonly now: number;
  readonly busy: boolean;
  /** i18n key of a failed request reported by core (Chat.CallbackFailed). */
  readonly failureKey: string | null;
  readonly requestCallback: (form: { readonly phone: string; readonly date: string; readonly slot: AvailabilitySlot }) => SubmitOutcome;
  readonly onCancel: () => void;
}

type Field = keyof CallbackFormErrors;

const isSlot = (value: string): value is AvailabilitySlot => (AvailabilitySlotValues as readonly string[]).includes(value);

/** Callback request while waiting for a lawyer: phone, day (≥ the earliest with a window left) and a half-day slot. */
export function CallbackForm({ now, busy, failureKey, requestCallback, onCancel }: CallbackFormProps) {
  const { t } = useTranslation('chat');
  const settle = useSettle();
  const earliest = earliestCallbackDate(now);
  const [phone, setPhone] = useState('');
  const [date, setDate] = useState(earliest);
  // The first window not yet over (at 16:13 "nachmittags"): a default that has passed would only be refused.
  const [slot, setSlot] = useState<AvailabilitySlot>(() => offeredCallbackSlots(earliest, now)[0] ?? 'Availability1');
  const slots = offeredCallbackSlots(date, now);
  const [fieldErrors, setFieldErrors] = useState<CallbackFormErrors>({});
  const [formErrorKey, setFormErrorKey] = useState<string | null>(null);
  const shownFormError = formErrorKey ?? failureKey;
  // On a phone the autofocused field sat above the visible area. The form's top comes into view first,
  // then the phone field takes the focus without scrolling the page again (the keyboard then lifts the view as needed).
  const formRef = useRef<HTMLFormElement>(null);
  const phoneRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const dateRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'start' });
    phoneRef.current?.focus({ preventScroll: true });
  }, []);

  const submit = () => {
    if (busy) return;
    settle(requestCallback({ phone: phone.trim(), date, slot }), (outcome) => {
      if (outcome.ok) {
        setFieldErrors({});
        setFormErrorKey(null);
        return;
      }
      // Core names the first failing rule; core's per-field check marks every other wrong field too.
      const field = callbackFieldOf(outcome.errorKey);
      const all = callbackFormErrors({ phone, date, slot }, now);
      const shown = field === 'form' ? all : { ...all, [field]: outcome.errorKey };
      setFieldErrors(shown);
      setFormErrorKey(field === 'form' ? outcome.errorKey : null);
      // The first wrong field takes the focus, so a screen reader says its error (the button kept it and said nothing).
      (shown.phone ? phoneRef : shown.date ? dateRef : null)?.current?.focus();
    });
  };

  const clearError = (field: Field) => {
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setFormErrorKey(null);
  };
  const errorText = (field: Field): string | undefined => {
    const key = fieldErrors[field];
    return key ? t(key) : undefined;
  };
  const [phoneError, dateError, slotError] = [errorText('phone'), errorText('date'), errorText('slot')];

  return (
    <form
      ref={formRef}
      id={CALLBACK_FORM_ID}
      noValidate
      aria-labelledby="chat-callback-title"
      className="chat-form chat-callback"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {/* h2 under the page's h1 (axe heading-order), in the look of an h3. */}
      <h2 id="chat-callback-title" className="ui-h3">
        {t('Chat.Callback.Title')}
      </h2>
      {shownFormError && (
        <Alert severity="error" role="alert">
          {t(shownFormError)}
        </Alert>
      )}
      <TextField
        label={t('Chat.Callback.Phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={40}
        required
        inputRef={phoneRef}
        value={phone}
        error={phoneError !== undefined}
        helperText={phoneError}
        onChange={(event) => {
          setPhone(event.target.value);
          clearError('phone');
        }}
      />
      <TextField
        label={t('Chat.Callback.Date')}
        type="date"
        required
        inputRef={dateRef}
        value={date}
        error={dateError !== undefined}
        helperText={dateError ?? (date ? t('Chat.Callback.DateChosen', { date: formatCalendarDay(date) }) : undefined)}
        onChange={(event) => {
          const next = event.target.value;
          setDate(next);
          clearError('date');
          // Back to today after choosing "vormittags" on another day: the first window of today still to come.
          const open = offeredCallbackSlots(next, now);
          if (open[0] !== undefined && !open.includes(slot)) {
            setSlot(open[0]);
            clearError('slot');
          }
        }}
        inputProps={{ min: earliest }}
      />
      <RadioGroup
        legend={t('Chat.Callback.Slot')}
        name="chat-callback-slot"
        value={slot}
        error={slotError !== undefined}
        helperText={slotError}
        onChange={(value) => {
          if (isSlot(value)) setSlot(value);
          clearError('slot');
        }}
      >
        {slots.map((value) => (
          <Radio key={value} value={value} label={t(`Chat.Callback.${value}`)} />
        ))}
      </RadioGroup>
      <div className="chat-actions">
        <Button variant="outlined" onClick={onCancel}>
          {t('Chat.Callback.Cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('Chat.Callback.Submit')}
        </Button>
      </div>
    </form>
  );
}
