// Create a digitale Fallakte for a client; the link and PIN are shown once to hand over.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CaseFileDraftState, CaseFileFormField, CreateCaseFileRequest } from '@rechtschat/core';
import { ScreenSection } from './ScreenSection.js';

export interface CaseFileScreenProps {
  readonly state: CaseFileDraftState;
  readonly onCreate: (request: CreateCaseFileRequest) => void;
  readonly onHandedOver: () => void;
}

const empty = { FirstName: '', LastName: '', Phone: '', Email: '', Title: '', Description: '', FieldOfLaw: '' };

export function CaseFileScreen({ state, onCreate, onHandedOver }: CaseFileScreenProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState(empty);
  const field = (name: keyof typeof empty, label: string, extra: { multiline?: boolean; required?: boolean; type?: string } = {}) => {
    const error = state.errors[name as CaseFileFormField];
    return (
      <TextField
        label={label}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        error={error !== undefined}
        helperText={error ? t(error) : ' '}
        required={extra.required ?? false}
        type={extra.type ?? 'text'}
        multiline={extra.multiline ?? false}
        minRows={extra.multiline ? 3 : undefined}
        fullWidth
      />
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({
      FirstName: form.FirstName,
      LastName: form.LastName,
      Phone: form.Phone,
      Title: form.Title,
      ...(form.Email.trim() ? { Email: form.Email.trim() } : {}),
      ...(form.Description.trim() ? { Description: form.Description.trim() } : {}),
      ...(form.FieldOfLaw.trim() ? { FieldOfLaw: form.FieldOfLaw.trim() } : {}),
    });
  };

  if (state.created) {
    return (
      <ScreenSection headingId="casefile-heading" heading={t('CaseFile.Heading')}>
        <Alert severity="success" sx={{ my: 2 }}>
          {t('CaseFile.Created')}
        </Alert>
        <Stack spacing={1} component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, wordBreak: 'break-all' } }}>
          <dt>{t('CaseFile.Link')}</dt>
          <dd data-testid="casefile-link">{state.created.Url}</dd>
          <dt>{t('CaseFile.Pin')}</dt>
          <dd data-testid="casefile-pin">{state.created.Pin}</dd>
        </Stack>
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          onClick={() => {
            setForm(empty);
            onHandedOver();
          }}
        >
          {t('CaseFile.HandedOver')}
        </Button>
      </ScreenSection>
    );
  }

  return (
    <ScreenSection headingId="casefile-heading" heading={t('CaseFile.Heading')}>
      <Typography sx={{ my: 1 }}>{t('CaseFile.Intro')}</Typography>
      <Stack component="form" noValidate spacing={1} onSubmit={submit} sx={{ mt: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('FirstName', t('CaseFile.FirstName'), { required: true })}
          {field('LastName', t('CaseFile.LastName'), { required: true })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('Phone', t('CaseFile.Phone'), { required: true, type: 'tel' })}
          {field('Email', t('CaseFile.Email'), { type: 'email' })}
        </Stack>
        {field('Title', t('CaseFile.Title'), { required: true })}
        {field('FieldOfLaw', t('CaseFile.FieldOfLaw'))}
        {field('Description', t('CaseFile.Description'), { multiline: true })}
        <Button type="submit" variant="contained" disabled={state.busy} sx={{ alignSelf: 'flex-start' }}>
          {state.busy ? t('CaseFile.Busy') : t('CaseFile.Submit')}
        </Button>
      </Stack>
    </ScreenSection>
  );
}
