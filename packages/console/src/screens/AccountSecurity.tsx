// The lawyer's own account security in the profile (SECURITY I1, I2, I4, I5): changing the password with the current
// one, the list of signed-in devices with signing out the others, the second factor (switching it on and – under
// LAWYER_MFA=optional – off) and its recovery codes (how many are unused, new ones after a step-up), and the passkeys
// and security keys (PasskeySection.tsx).
// Every change that ends other sessions also closes this browser's hub connection; `onSessionsEnded` lets the
// workspace connect again with the (new) session at once.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AppError, Result } from '@rechtschat/core';
import type { AccountApi, DeviceSession, TotpSetup, TotpStatus } from '../api/lawyerApi.js';
import { formatDateTime } from '../i18n/i18n.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { ScreenSection } from './ScreenSection.js';
import { TotpCodeField, TotpSecretPanel } from './MfaEnrolmentScreen.js';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.js';
import { PasskeySection } from './PasskeySection.js';

export interface AccountSecurityProps {
  readonly api: AccountApi;
  /** The signed-in lawyer's address, named in the downloaded recovery codes. */
  readonly email: string;
  /** Other sessions (and so every hub connection of this lawyer) were ended. */
  readonly onSessionsEnded: () => void;
  /** A 401: this session itself is gone. */
  readonly onSessionExpired: () => void;
}

const isUnauthenticated = (error: AppError) => error._tag === 'HttpError' && error.status === 401;

export function AccountSecurity({ api, email, onSessionsEnded, onSessionExpired }: AccountSecurityProps) {
  // A password change ends the other sessions: the device list is read again.
  const [generation, setGeneration] = useState(0);
  const ended = useCallback(() => {
    setGeneration((g) => g + 1);
    onSessionsEnded();
  }, [onSessionsEnded]);
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      <PasswordChange api={api} onChanged={ended} onSessionExpired={onSessionExpired} />
      <SignedInDevices api={api} generation={generation} onEnded={ended} onSessionExpired={onSessionExpired} />
      <SecondFactor api={api} email={email} onSessionExpired={onSessionExpired} />
      <PasskeySection api={api} onSessionExpired={onSessionExpired} />
    </Stack>
  );
}

type PasswordField = 'current' | 'new' | 'repeat';
type PasswordError = { readonly field: PasswordField | null; readonly key: ConsoleTextKey };

const SERVER_ERRORS: Record<string, PasswordError> = {
  CurrentPasswordWrong: { field: 'current', key: 'Password.CurrentWrong' },
  PasswordTooShort: { field: 'new', key: 'Password.TooShort' },
  PasswordTooLong: { field: 'new', key: 'Password.TooLong' },
  PasswordCommon: { field: 'new', key: 'Password.Common' },
  PasswordContainsPersonalData: { field: 'new', key: 'Password.Personal' },
  PasswordUnchanged: { field: 'new', key: 'Password.Unchanged' },
};

function passwordError(error: AppError): PasswordError {
  if (error._tag === 'HttpError' && error.status === 429) return { field: null, key: 'Password.Locked' };
  if (error._tag === 'HttpError' && error.status === 400) return SERVER_ERRORS[error.code] ?? { field: null, key: 'Password.Failed' };
  return { field: null, key: 'Password.Failed' };
}

function PasswordChange({ api, onChanged, onSessionExpired }: { api: AccountApi; onChanged: () => void; onSessionExpired: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<PasswordField, string>>({ current: '', new: '', repeat: '' });
  const [error, setError] = useState<PasswordError | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const focusField = (field: PasswordField | null) => {
    if (field) requestAnimationFrame(() => document.getElementById(`password-${field}`)?.focus());
  };
  const fail = (next: PasswordError) => {
    setError(next);
    focusField(next.field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (values.current === '') return fail({ field: 'current', key: 'Password.CurrentMissing' });
    if ([...values.new].length < 8) return fail({ field: 'new', key: 'Password.TooShort' });
    if (values.new !== values.repeat) return fail({ field: 'repeat', key: 'Password.RepeatMismatch' });
    setError(null);
    setBusy(true);
    const result = await api.changePassword(values.current, values.new);
    setBusy(false);
    if (result._tag === 'Right') {
      setValues({ current: '', new: '', repeat: '' });
      setDone(true);
      onChanged();
    } else if (isUnauthenticated(result.left)) onSessionExpired();
    else fail(passwordError(result.left));
  };

  const field = (name: PasswordField, label: ConsoleTextKey, autoComplete: string, help?: ConsoleTextKey) => {
    const own = error?.field === name;
    const helper = own ? t(error.key) : help ? t(help) : undefined;
    return (
      <TextField
        id={`password-${name}`}
        type="password"
        label={t(label)}
        autoComplete={autoComplete}
        required
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        error={own}
        {...(helper ? { helperText: helper } : {})}
        slotProps={{ htmlInput: { maxLength: 1024, spellCheck: false, 'aria-invalid': own } }}
      />
    );
  };

  return (
    <ScreenSection headingId="password-heading" heading={t('Password.Heading')}>
      <Typography sx={{ my: 1 }}>{t('Password.Intro')}</Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)} sx={{ maxWidth: 480 }} aria-labelledby="password-heading">
        {field('current', 'Password.Current', 'current-password')}
        {field('new', 'Password.New', 'new-password', 'Password.NewHelp')}
        {field('repeat', 'Password.Repeat', 'new-password')}
        <div aria-live="assertive">
          {error && error.field === null && <Alert severity="error">{t(error.key)}</Alert>}
          {/* A field's own message is also read out here, once, when it appears. */}
          {error && error.field !== null && (
            <Typography component="span" sx={visuallyHidden}>
              {t(error.key)}
            </Typography>
          )}
        </div>
        <div aria-live="polite">{done && <Alert severity="success">{t('Password.Changed')}</Alert>}</div>
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {busy ? t('Password.Busy') : t('Password.Submit')}
        </Button>
      </Stack>
    </ScreenSection>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function SignedInDevices({
  api,
  generation,
  onEnded,
  onSessionExpired,
}: {
  api: AccountApi;
  generation: number;
  onEnded: () => void;
  onSessionExpired: () => void;
}) {
  const { t } = useTranslation();
  const [sessions, setSessions] = useState<readonly DeviceSession[] | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    void api.sessions().then((result) => {
      if (!live) return;
      if (result._tag === 'Right') setSessions(result.right);
      else if (isUnauthenticated(result.left)) onSessionExpired();
      else setMessage({ severity: 'error', text: t('Devices.Failed') });
    });
    return () => {
      live = false;
    };
  }, [api, generation, reload, onSessionExpired, t]);

  const after = (result: { _tag: 'Left'; left: AppError } | { _tag: 'Right' }, text: string) => {
    if (result._tag === 'Right') {
      setMessage({ severity: 'success', text });
      setReload((r) => r + 1);
      onEnded();
    } else if (isUnauthenticated(result.left)) onSessionExpired();
    else setMessage({ severity: 'error', text: t('Devices.Failed') });
  };
  const endOne = async (id: string) => after(await api.endSession(id), t('Devices.Ended'));
  const endOthers = async () => {
    const result = await api.endOtherSessions();
    after(result, result._tag === 'Right' ? t('Devices.EndedOthers', { count: result.right.Ended }) : '');
  };

  const others = sessions?.filter((s) => !s.Current) ?? [];
  return (
    <ScreenSection headingId="devices-heading" heading={t('Devices.Heading')}>
      <Typography sx={{ my: 1 }}>{t('Devices.Intro')}</Typography>
      {sessions === null ? (
        <Typography role="status">{t('Devices.Loading')}</Typography>
      ) : (
        <List aria-labelledby="devices-heading">
          {sessions.map((s) => (
            <ListItem
              key={s.Id}
              divider
              secondaryAction={
                s.Current ? (
                  <Chip label={t('Devices.Current')} color="primary" size="small" />
                ) : (
                  <Button size="small" onClick={() => void endOne(s.Id)} aria-label={t('Devices.EndLabel', { created: formatDateTime(s.CreatedAt) })}>
                    {t('Devices.End')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={t('Devices.Session', { created: formatDateTime(s.CreatedAt), lastSeen: formatDateTime(s.LastSeenAt) })}
                {...(s.Current ? { secondary: t('Devices.Current') } : {})}
              />
            </ListItem>
          ))}
        </List>
      )}
      {sessions !== null && others.length === 0 && <Typography sx={{ my: 1 }}>{t('Devices.NoOthers')}</Typography>}
      <div aria-live="polite">{message && <Alert severity={message.severity}>{message.text}</Alert>}</div>
      {others.length > 0 && (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => void endOthers()}>
          {t('Devices.EndOthers')}
        </Button>
      )}
    </ScreenSection>
  );
}

type FactorStep =
  | { readonly step: 'idle' }
  /** Before the app is set up: the password first. */
  | { readonly step: 'unlock' }
  | { readonly step: 'setup'; readonly setup: TotpSetup }
  | { readonly step: 'disable' }
  /** New recovery codes: a current TOTP code or the password first. */
  | { readonly step: 'renew' };

function SecondFactor({ api, email, onSessionExpired }: { api: AccountApi; email: string; onSessionExpired: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [step, setStep] = useState<FactorStep>({ step: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ConsoleTextKey | null>(null);
  const [notice, setNotice] = useState<ConsoleTextKey | null>(null);
  /** Codes to show once (after switching the factor on, or renewing them). */
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  const load = useCallback(
    () =>
      void api.totpStatus().then((result) => {
        if (result._tag === 'Right') setStatus(result.right);
        else if (isUnauthenticated(result.left)) onSessionExpired();
      }),
    [api, onSessionExpired],
  );
  useEffect(load, [load]);

  const codeError = (e: AppError): ConsoleTextKey => {
    if (e._tag === 'HttpError' && e.status === 400 && e.code === 'CurrentPasswordWrong') return 'RecoveryCodes.PasswordWrong';
    if (e._tag === 'HttpError' && e.status === 400) return 'Enrolment.WrongCode';
    if (e._tag === 'HttpError' && e.status === 429) return 'Password.Locked';
    return 'SecondFactor.Failed';
  };

  const open = (next: FactorStep) => {
    setCode('');
    setPassword('');
    setError(null);
    setNotice(null);
    setStep(next);
  };

  /** After the password: the secret to scan, then the first code confirms it. */
  const begin = async () => {
    if (password === '') return setError('SecondFactor.PasswordMissing');
    const result = await api.totpSetup({ CurrentPassword: password });
    if (result._tag === 'Right') open({ step: 'setup', setup: result.right });
    else if (isUnauthenticated(result.left)) onSessionExpired();
    else setError(codeError(result.left));
  };

  /** The request of the open step, or the message key of what is missing. */
  const request = (): Promise<Result<{ RecoveryCodes: string[] } | null>> | ConsoleTextKey => {
    const validCode = /^\d{6}$/.test(code);
    if (step.step === 'renew') {
      if (validCode) return api.renewRecoveryCodes({ Code: code });
      if (code === '' && password !== '') return api.renewRecoveryCodes({ CurrentPassword: password });
      return 'RecoveryCodes.StepUpMissing';
    }
    if (!validCode) return 'Enrolment.CodeMissing';
    return step.step === 'setup' ? api.totpConfirm(code) : api.totpDisable(code);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step.step === 'unlock') return begin();
    const pending = request();
    if (typeof pending === 'string') {
      setError(pending);
      return;
    }
    const result = await pending;
    if (result._tag === 'Right') {
      if (result.right !== null) setCodes(result.right.RecoveryCodes);
      setNotice(step.step === 'setup' ? 'SecondFactor.Enabled' : step.step === 'renew' ? 'RecoveryCodes.Renewed' : 'SecondFactor.Disabled');
      setStep({ step: 'idle' });
      setError(null);
      load();
    } else if (isUnauthenticated(result.left)) onSessionExpired();
    else setError(codeError(result.left));
  };

  if (status === null) return null;
  return (
    <ScreenSection headingId="second-factor-heading" heading={t('SecondFactor.Heading')}>
      <Typography sx={{ my: 1 }}>{t(status.Enabled ? 'SecondFactor.On' : 'SecondFactor.Off')}</Typography>
      {status.Required && status.Enabled && <Typography sx={{ my: 1 }}>{t('SecondFactor.RequiredNote')}</Typography>}
      {status.Enabled && (
        <>
          <Typography component="h4" variant="subtitle1" sx={{ mt: 2 }}>
            {t('RecoveryCodes.Heading')}
          </Typography>
          <Typography sx={{ my: 1 }}>{t('RecoveryCodes.Left', { count: status.RecoveryCodesLeft })}</Typography>
        </>
      )}
      <div aria-live="polite">{notice && <Alert severity="success">{t(notice)}</Alert>}</div>
      {step.step === 'idle' && !status.Enabled && (
        <Button variant="contained" onClick={() => open({ step: 'unlock' })}>
          {t('SecondFactor.Setup')}
        </Button>
      )}
      {step.step === 'idle' && status.Enabled && (
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <Button variant="outlined" onClick={() => open({ step: 'renew' })}>
            {t('RecoveryCodes.Renew')}
          </Button>
          {!status.Required && (
            <Button variant="outlined" onClick={() => open({ step: 'disable' })}>
              {t('SecondFactor.Disable')}
            </Button>
          )}
        </Stack>
      )}
      {step.step !== 'idle' && (
        <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)} sx={{ maxWidth: 480, mt: 1 }} aria-labelledby="second-factor-heading">
          {step.step === 'setup' && <TotpSecretPanel secret={step.setup.Secret} otpauthUri={step.setup.OtpauthUri} />}
          {step.step === 'disable' && <Typography>{t('SecondFactor.DisableHelp')}</Typography>}
          {step.step === 'renew' && <Typography>{t('RecoveryCodes.RenewHelp')}</Typography>}
          {step.step === 'unlock' && <Typography>{t('SecondFactor.UnlockHelp')}</Typography>}
          {step.step !== 'unlock' && (
            <TotpCodeField id="second-factor-code" value={code} onChange={setCode} invalid={error !== null && error !== 'RecoveryCodes.PasswordWrong'} />
          )}
          {(step.step === 'renew' || step.step === 'unlock') && (
            <TextField
              id="second-factor-password"
              type="password"
              label={t(step.step === 'unlock' ? 'SecondFactor.Password' : 'RecoveryCodes.Password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error === 'RecoveryCodes.PasswordWrong' || error === 'SecondFactor.PasswordMissing'}
              autoFocus={step.step === 'unlock'}
              slotProps={{ htmlInput: { maxLength: 1024, spellCheck: false } }}
            />
          )}
          <div aria-live="assertive">{error && <Alert severity="error">{t(error)}</Alert>}</div>
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained">
              {step.step === 'unlock'
                ? t('SecondFactor.Continue')
                : step.step === 'setup'
                  ? t('SecondFactor.Confirm')
                  : step.step === 'renew'
                    ? t('RecoveryCodes.Renew')
                    : t('SecondFactor.Disable')}
            </Button>
            <Button
              type="button"
              variant="outlined"
              onClick={() => {
                setStep({ step: 'idle' });
                setError(null);
              }}
            >
              {t('SecondFactor.Cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
      {step.step === 'idle' && <div aria-live="assertive">{error && <Alert severity="error">{t(error)}</Alert>}</div>}
      {codes && <RecoveryCodesDialog codes={codes} email={email} onDone={() => setCodes(null)} />}
    </ScreenSection>
  );
}
