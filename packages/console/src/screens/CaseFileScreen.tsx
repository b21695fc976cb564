// Create a digitale Fallakte for a client; the link and PIN are shown once to hand over. Started from a chat,
// the form arrives filled with what the chat knows and says so; the lawyer checks and completes it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_CASE_FILE_FORM,
  type CaseFileDraftState,
  type CaseFileFormField,
  type CaseFileFormValueField,
  type CaseFileFormValues,
  type CaseFilePrefill,
  type CreateCaseFileRequest,
} from '@rechtschat/core';
import { LOCALE } from '../i18n/i18n.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { copyWithClipboard, LinkAndPin } from './LinkAndPin.js';
import { ScreenSection } from './ScreenSection.js';

export interface CaseFileScreenProps {
  readonly state: CaseFileDraftState;
  /** The form was just opened from a chat: focus goes to the first field the lawyer has to fill. */
  readonly focusForm?: boolean;
  readonly onCreate: (request: CreateCaseFileRequest) => void;
  /** Empties the form: the chat's values and whatever was typed. */
  readonly onDiscardPrefill: () => void;
  readonly onHandedOver: () => void;
  /** Every change of the form, kept by the workspace so a reload of the tab does not lose it. */
  readonly onValues?: (values: CaseFileFormValues) => void;
  /** Copies text to the clipboard (tests inject their own). */
  readonly copyText?: (text: string) => Promise<void>;
}

const FIELD_NAME: Record<CaseFileFormValueField, ConsoleTextKey> = {
  FirstName: 'CaseFile.Field.FirstName',
  LastName: 'CaseFile.Field.LastName',
  Phone: 'CaseFile.Field.Phone',
  Email: 'CaseFile.Field.Email',
  Title: 'CaseFile.Field.Title',
  FieldOfLaw: 'CaseFile.Field.FieldOfLaw',
  Description: 'CaseFile.Field.Description',
};

const REQUIRED: readonly CaseFileFormValueField[] = ['FirstName', 'LastName', 'Phone', 'Title'];
/** The fields in the order the form shows them. */
const FIELD_ORDER: readonly CaseFileFormValueField[] = ['FirstName', 'LastName', 'Phone', 'Email', 'Title', 'FieldOfLaw', 'Description'];

export function CaseFileScreen({
  state,
  focusForm = false,
  onCreate,
  onDiscardPrefill,
  onHandedOver,
  onValues,
  copyText = copyWithClipboard,
}: CaseFileScreenProps) {
  const { t } = useTranslation();
  /** Counts "Eingaben verwerfen": the form starts afresh even when it was blank before. */
  const [emptied, setEmptied] = useState(0);

  if (state.created) {
    return (
      <ScreenSection headingId="casefile-heading" heading={t('CaseFile.Heading')}>
        <CreatedCaseFile url={state.created.Url} pin={state.created.Pin} onHandedOver={onHandedOver} copyText={copyText} />
      </ScreenSection>
    );
  }

  return (
    <ScreenSection headingId="casefile-heading" heading={t('CaseFile.Heading')}>
      <Typography sx={{ my: 1 }}>{t('CaseFile.Intro')}</Typography>
      {state.prefill && <PrefillNotice prefill={state.prefill} onDiscard={onDiscardPrefill} />}
      {/* A new prefill (or none) starts the form afresh; typing survives validation errors and a failed request. */}
      <CaseFileForm key={`${state.prefill?.chatId ?? 'blank'}-${emptied}`} state={state} focusForm={focusForm} onCreate={onCreate} onValues={onValues} />
      {state.prefill === null && state.values !== null && (
        <Button
          variant="text"
          sx={{ mt: 1 }}
          onClick={() => {
            setEmptied((n) => n + 1);
            onDiscardPrefill();
          }}
        >
          {t('CaseFile.DiscardValues')}
        </Button>
      )}
    </ScreenSection>
  );
}

/**
 * Link and PIN, shown once. The form the lawyer submitted from is gone, so focus moves to the notice: keyboard users
 * continue here (next stops „Link kopieren“, „PIN kopieren“, "Link und PIN weitergegeben"), screen readers read that
 * link and PIN follow.
 */
function CreatedCaseFile({
  url,
  pin,
  onHandedOver,
  copyText,
}: {
  readonly url: string;
  readonly pin: string;
  readonly onHandedOver: () => void;
  readonly copyText: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <>
      <Alert ref={notice} tabIndex={-1} severity="success" sx={{ my: 2 }}>
        {t('CaseFile.Created')}
      </Alert>
      <LinkAndPin url={url} pin={pin} copyText={copyText} />
      <Button variant="contained" sx={{ mt: 1 }} onClick={onHandedOver}>
        {t('CaseFile.HandedOver')}
      </Button>
    </>
  );
}

function PrefillNotice({ prefill, onDiscard }: { readonly prefill: CaseFilePrefill; readonly onDiscard: () => void }) {
  const { t } = useTranslation();
  const fields = new Intl.ListFormat(LOCALE, { type: 'conjunction' }).format(prefill.filled.map((field) => t(FIELD_NAME[field])));
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onDiscard}>
          {t('CaseFile.Discard')}
        </Button>
      }
    >
      {t('CaseFile.FromChat', { reference: prefill.caseReference, fields })} {t('CaseFile.FromChatLink')}
    </Alert>
  );
}

interface CaseFileFormProps {
  readonly state: CaseFileDraftState;
  readonly focusForm: boolean;
  readonly onCreate: (request: CreateCaseFileRequest) => void;
  readonly onValues: ((values: CaseFileFormValues) => void) | undefined;
}

function CaseFileForm({ state, focusForm, onCreate, onValues }: CaseFileFormProps) {
  const { t } = useTranslation();
  // What was typed before a reload comes first, then the chat's values.
  const [form, setForm] = useState<CaseFileFormValues>(() => state.values ?? state.prefill?.values ?? EMPTY_CASE_FILE_FORM);
  // Computed once, at mount: the field to continue in is the first required one still empty.
  const [focusField] = useState<CaseFileFormValueField | null>(() => (focusForm ? (REQUIRED.find((name) => form[name].trim() === '') ?? 'FirstName') : null));
  const inputs = useRef(new Map<CaseFileFormValueField, HTMLInputElement | HTMLTextAreaElement>());
  // A refused submit leaves focus on the button, far from the messages: it goes to the first field to correct.
  const shownErrors = useRef(state.errors);
  useEffect(() => {
    if (state.errors === shownErrors.current) return;
    shownErrors.current = state.errors;
    const first = FIELD_ORDER.find((name) => state.errors[name as CaseFileFormField] !== undefined);
    if (first) inputs.current.get(first)?.focus();
  }, [state.errors]);
  /** `help`: a hint under the field while it has no error (a floating label is one line and would be cut). */
  const field = (name: CaseFileFormValueField, label: string, extra: { multiline?: boolean; required?: boolean; type?: string; help?: string } = {}) => {
    const error = state.errors[name as CaseFileFormField];
    return (
      <TextField
        label={label}
        value={form[name]}
        onChange={(e) => {
          const next = { ...form, [name]: e.target.value };
          setForm(next);
          onValues?.(next);
        }}
        error={error !== undefined}
        helperText={error ? t(error) : (extra.help ?? ' ')}
        required={extra.required ?? false}
        type={extra.type ?? 'text'}
        multiline={extra.multiline ?? false}
        minRows={extra.multiline ? 3 : undefined}
        autoFocus={focusField === name}
        inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
          if (element) inputs.current.set(name, element);
          else inputs.current.delete(name);
        }}
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

  return (
    <Stack component="form" noValidate spacing={1} onSubmit={submit} sx={{ mt: 2 }} aria-labelledby="casefile-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('FirstName', t('CaseFile.FirstName'), { required: true })}
        {field('LastName', t('CaseFile.LastName'), { required: true })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('Phone', t('CaseFile.Phone'), { required: true, type: 'tel', help: t('CaseFile.PhoneHelp') })}
        {field('Email', t('CaseFile.Email'), { type: 'email' })}
      </Stack>
      {field('Title', t('CaseFile.Title'), { required: true })}
      {field('FieldOfLaw', t('CaseFile.FieldOfLaw'))}
      {field('Description', t('CaseFile.Description'), { multiline: true })}
      <Button type="submit" variant="contained" disabled={state.busy} sx={{ alignSelf: 'flex-start' }}>
        {state.busy ? t('CaseFile.Busy') : t('CaseFile.Submit')}
      </Button>
    </Stack>
  );
}
