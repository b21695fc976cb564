// /konsole/verwaltung/kanzlei (administrators): the firm's legal details (Kanzleiangaben) the Impressum, both privacy
// notices and the Vollmacht name. One form in four groups, each field with its hint; core's rules are checked before
// sending, and a refusal – found here or by the server – is shown at its field (aria-invalid, aria-describedby) with
// the focus on the first one. A save is announced in the status line and the focus stays on the save button. Saved
// details can be discarded after a question („Server-Einstellungen verwenden“): FIRM_NAME, FIRM_PHONE, FIRM_EMAIL apply again.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createFirmDetailsAdminApi } from '@rechtschat/adapters';
import {
  createFirmDetailsAdmin,
  FIRM_DETAILS_LIMITS,
  type AppError,
  type FirmDetails,
  type FirmDetailsAdminApi,
  type FirmDetailsField,
  type FirmDetailsProblem,
  type FirmDetailsSettings,
} from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import type { ConsoleScreenProps } from '../../routes/consoleRoutes.js';
import { useStream } from '../../workspace/useStream.js';
import { ScreenSection } from '../ScreenSection.js';
import { useRefocusWhenEnabled } from '../useRefocusWhenEnabled.js';
import { adminErrorText } from './adminErrors.js';
import { ConfirmDialog } from './ConfirmDialog.js';

export interface FirmDetailsScreenProps {
  readonly api: FirmDetailsAdminApi;
  /** Call on a 401: the session ended. */
  readonly onSessionExpired: () => void;
}

/** The route's entry: binds the HTTP adapter to the console's chat host. */
export function FirmDetailsRoute({ http, onSessionExpired }: ConsoleScreenProps) {
  const api = useMemo(() => createFirmDetailsAdminApi({ chatUrl: http.chatUrl, fetch: (input, init) => http.fetch(String(input), init) }), [http]);
  return <FirmDetailsScreen api={api} onSessionExpired={onSessionExpired} />;
}

/** The form's groups and, per field, whether it takes several lines. */
const GROUPS: readonly { readonly key: 'Provider' | 'Contact' | 'Profession' | 'Privacy'; readonly fields: readonly FirmDetailsField[] }[] = [
  { key: 'Provider', fields: ['Name', 'RepresentedBy', 'Street', 'PostalCode', 'City'] },
  { key: 'Contact', fields: ['Phone', 'Email'] },
  { key: 'Profession', fields: ['BarChamber', 'LiabilityInsurance', 'Register', 'VatId'] },
  { key: 'Privacy', fields: ['DataProtectionOfficer', 'SupervisoryAuthority'] },
];
const LONG_FIELDS: ReadonlySet<FirmDetailsField> = new Set([
  'RepresentedBy',
  'BarChamber',
  'LiabilityInsurance',
  'DataProtectionOfficer',
  'SupervisoryAuthority',
]);
const INPUT_TYPES: Partial<Record<FirmDetailsField, string>> = { Phone: 'tel', Email: 'email' };
const fieldId = (field: FirmDetailsField) => `firm-${field}`;

type FieldErrors = Partial<Record<FirmDetailsField, string>>;

function problemText(t: TFunction, problem: FirmDetailsProblem): string {
  return t(`Firm.Error.${problem.code}`, { label: t(`Firm.Field.${problem.field}`), max: problem.max });
}

/** The server's refusal per field (its `Fields` detail), in its German words. */
function serverFieldErrors(error: AppError | null): FieldErrors {
  if (error?._tag !== 'HttpError' || !Array.isArray(error.details?.['Fields'])) return {};
  const errors: FieldErrors = {};
  for (const entry of error.details['Fields'] as unknown[]) {
    const { Field, Message } = (entry ?? {}) as { Field?: unknown; Message?: unknown };
    if (typeof Field === 'string' && Field in FIRM_DETAILS_LIMITS && typeof Message === 'string') errors[Field as FirmDetailsField] ??= Message;
  }
  return errors;
}

function Source({ settings }: { readonly settings: FirmDetailsSettings }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ my: 2 }}>
      {settings.Source === 'console' && settings.UpdatedByName && settings.UpdatedAt
        ? t('Firm.SourceConsole', { name: settings.UpdatedByName, date: formatDateTime(settings.UpdatedAt) })
        : t('Firm.SourceEnvironment')}
    </Alert>
  );
}

interface FirmFormProps {
  readonly initial: FirmDetails;
  readonly busy: boolean;
  readonly fieldErrors: FieldErrors;
  /** Counts refusals: each moves the focus to the first refused field. */
  readonly refused: number;
  readonly error: string | null;
  readonly onSave: (details: FirmDetails) => void;
}

function FirmForm({ initial, busy, fieldErrors, refused, error, onSave }: FirmFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FirmDetails>(initial);
  const saveButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenEnabled(saveButton, busy);
  useEffect(() => {
    const first = GROUPS.flatMap((group) => group.fields).find((field) => fieldErrors[field] !== undefined);
    // Only a new refusal moves the focus (both change with it), not typing afterwards.
    if (refused > 0 && first !== undefined) document.getElementById(fieldId(first))?.focus();
  }, [refused, fieldErrors]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(draft);
  };
  const invalid = Object.keys(fieldErrors).length > 0;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="firm-details-heading">
      {(error ?? invalid) && (
        <Alert severity="error" sx={{ my: 1 }}>
          {error ?? t('Firm.Invalid')}
        </Alert>
      )}
      {GROUPS.map((group) => (
        <Box component="fieldset" key={group.key} sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="h6">
            {t(`Firm.Group.${group.key}`)}
          </Typography>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {group.fields.map((field) => (
              <TextField
                key={field}
                id={fieldId(field)}
                label={t(`Firm.Field.${field}`)}
                value={draft[field]}
                required={FIRM_DETAILS_LIMITS[field].required === true}
                type={INPUT_TYPES[field] ?? 'text'}
                multiline={LONG_FIELDS.has(field)}
                fullWidth
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                error={fieldErrors[field] !== undefined}
                helperText={fieldErrors[field] ?? t(`Firm.Hint.${field}`)}
                // No maxLength: a cut would go unnoticed; the check names a text that is too long.
                {...(field === 'PostalCode' ? { slotProps: { htmlInput: { inputMode: 'numeric' } } } : {})}
              />
            ))}
          </Stack>
        </Box>
      ))}
      <Button ref={saveButton} type="submit" variant="contained" disabled={busy} sx={{ mt: 3 }}>
        {t('Firm.Save')}
      </Button>
    </Box>
  );
}

export function FirmDetailsScreen({ api, onSessionExpired }: FirmDetailsScreenProps) {
  const { t } = useTranslation();
  const firm = useMemo(() => createFirmDetailsAdmin({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => () => firm.dispose(), [firm]);
  const { load, problems, error, busy, saved, wasReset, refused } = useStream(firm.state$, firm.snapshot());
  const [resetting, setResetting] = useState(false);
  // A refused reset says so above the form; a refused save at its fields or there.
  const [lastAction, setLastAction] = useState<'save' | 'reset'>('save');
  useEffect(() => firm.load(), [firm]);
  const fieldErrors = useMemo<FieldErrors>(() => {
    const own = Object.fromEntries(problems.map((problem) => [problem.field, problemText(t, problem)])) as FieldErrors;
    return { ...serverFieldErrors(error), ...own };
  }, [problems, error, t]);
  const errorText =
    error && Object.keys(serverFieldErrors(error)).length === 0
      ? t(lastAction === 'reset' ? 'Firm.ResetFailed' : 'Firm.Failed', { message: adminErrorText(t, error) })
      : null;
  const settings = load.state === 'ready' ? load.settings : null;
  // The form starts from what is stored after each accepted save; a refusal keeps what was typed.
  const formKey = settings ? `${settings.Source}-${settings.UpdatedAt ?? ''}` : '';

  return (
    <ScreenSection headingId="firm-details-heading" heading={t('Firm.Heading')}>
      <Typography sx={{ mt: 1 }}>{t('Firm.Intro')}</Typography>
      <Typography sx={{ mt: 1 }}>{t('Firm.ExternalImprint')}</Typography>
      <Box role="status" aria-live="polite" sx={{ my: 1, minHeight: '1.5em' }}>
        {saved ? t('Firm.Saved') : wasReset ? t('Firm.WasReset') : ''}
      </Box>
      {load.state === 'loading' && <Typography>{t('Firm.Loading')}</Typography>}
      {load.state === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => firm.load()}>
              {t('Firm.Retry')}
            </Button>
          }
        >
          {t('Firm.LoadFailed')}
        </Alert>
      )}
      {settings && (
        <>
          <Source settings={settings} />
          <FirmForm
            key={formKey}
            initial={settings.Details}
            busy={busy}
            fieldErrors={fieldErrors}
            refused={refused}
            error={errorText}
            onSave={(details) => {
              setLastAction('save');
              firm.save(details);
            }}
          />
          {settings.Source === 'console' && (
            <Button sx={{ mt: 1 }} disabled={busy} onClick={() => setResetting(true)}>
              {t('Firm.Reset')}
            </Button>
          )}
        </>
      )}
      {resetting && (
        <ConfirmDialog
          id="reset-firm-details"
          heading={t('Firm.ResetHeading')}
          text={t('Firm.ResetText')}
          confirm={t('Firm.ResetConfirm')}
          onCancel={() => setResetting(false)}
          onConfirm={() => {
            setResetting(false);
            setLastAction('reset');
            firm.reset();
          }}
        />
      )}
    </ScreenSection>
  );
}
