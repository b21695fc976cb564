import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AvailabilitySlotValues, callbackFormErrors } from '@rechtschat/core';
import type { AvailabilitySlot, CallbackFormErrors, SubmitOutcome } from '@rechtschat/core';
import { callbackFieldOf } from './callbackFieldOf.js';
import { formatCalendarDay } from './germanDates.js';
import { useSettle } from './useSettle.js';

interface CallbackFormProps {
  /** Today's Berlin calendar day "YYYY-MM-DD", the earliest choosable date. */
  readonly today: string;
  readonly busy: boolean;
  /** i18n key of a failed request reported by core (Chat.CallbackFailed). */
  readonly failureKey: string | null;
  readonly requestCallback: (form: { readonly phone: string; readonly date: string; readonly slot: AvailabilitySlot }) => SubmitOutcome;
  readonly onCancel: () => void;
}

type Field = keyof CallbackFormErrors;

const isSlot = (value: string): value is AvailabilitySlot => (AvailabilitySlotValues as readonly string[]).includes(value);

/** Callback request while waiting for a lawyer: phone, day (≥ today) and a half-day slot. */
export function CallbackForm({ today, busy, failureKey, requestCallback, onCancel }: CallbackFormProps) {
  const { t } = useTranslation('chat');
  const settle = useSettle();
  const [phone, setPhone] = useState('');
  const [date, setDate] = useState(today);
  const [slot, setSlot] = useState<AvailabilitySlot>('Availability1');
  const [fieldErrors, setFieldErrors] = useState<CallbackFormErrors>({});
  const [formErrorKey, setFormErrorKey] = useState<string | null>(null);
  const shownFormError = formErrorKey ?? failureKey;

  const submit = () => {
    if (busy) return;
    settle(requestCallback({ phone: phone.trim(), date, slot }), (outcome) => {
      if (outcome.ok) {
        setFieldErrors({});
        setFormErrorKey(null);
        return;
      }
      // Core names the first failing rule; core's per-field check marks every other wrong field too (SPEC §5).
      const field = callbackFieldOf(outcome.errorKey);
      const all = callbackFormErrors({ phone, date, slot }, today);
      setFieldErrors(field === 'form' ? all : { ...all, [field]: outcome.errorKey });
      setFormErrorKey(field === 'form' ? outcome.errorKey : null);
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
    <Box
      component="form"
      noValidate
      aria-labelledby="chat-callback-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}
    >
      <Typography id="chat-callback-title" variant="h6" component="h3">
        {t('Chat.Callback.Title')}
      </Typography>
      {shownFormError && (
        <Alert severity="error" role="alert">
          {t(shownFormError)}
        </Alert>
      )}
      <TextField
        label={t('Chat.Callback.Phone')}
        type="tel"
        autoComplete="tel"
        required
        fullWidth
        autoFocus
        value={phone}
        error={phoneError !== undefined}
        helperText={phoneError}
        onChange={(event) => {
          setPhone(event.target.value);
          clearError('phone');
        }}
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 40 } }}
      />
      <TextField
        label={t('Chat.Callback.Date')}
        type="date"
        required
        fullWidth
        value={date}
        error={dateError !== undefined}
        helperText={dateError ?? (date ? t('Chat.Callback.DateChosen', { date: formatCalendarDay(date) }) : undefined)}
        onChange={(event) => {
          setDate(event.target.value);
          clearError('date');
        }}
        slotProps={{ htmlInput: { min: today }, inputLabel: { shrink: true } }}
      />
      <FormControl error={slotError !== undefined}>
        <FormLabel id="chat-callback-slot">{t('Chat.Callback.Slot')}</FormLabel>
        <RadioGroup
          aria-labelledby="chat-callback-slot"
          name="chat-callback-slot"
          value={slot}
          onChange={(event) => {
            if (isSlot(event.target.value)) setSlot(event.target.value);
            clearError('slot');
          }}
        >
          {AvailabilitySlotValues.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={t(`Chat.Callback.${value}`)} />
          ))}
        </RadioGroup>
        {slotError && <FormHelperText>{slotError}</FormHelperText>}
      </FormControl>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
        <Button variant="outlined" onClick={onCancel}>
          {t('Chat.Callback.Cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('Chat.Callback.Submit')}
        </Button>
      </Box>
    </Box>
  );
}
