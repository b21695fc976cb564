// The lawyer's own account security in the profile (docs/security.md I1, I2, I4, I5): changing the password with the current
// one, the list of signed-in devices (which browser on which system, when, from which shortened address; "Dieses Gerät")
// with signing out one or all of the others, the second factor (switching it on and – under
// LAWYER_MFA=optional – off) and its recovery codes (how many are unused, new ones after a step-up), and the passkeys
// and security keys (PasskeySection.tsx).
// Every change that ends other sessions also closes this browser's hub connection; `onSessionsEnded` lets the
// workspace connect again with the (new) session at once.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
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
import {
  createDeviceSessions,
  createPasswordChange,
  createSecondFactor,
  type DeviceSession,
  type DeviceSessions,
  type FactorProblem,
  type LawyerAccountApi,
  type PasswordField,
  type PasswordProblem,
} from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { useStream } from '../workspace/useStream.js';
import { ScreenSection } from './ScreenSection.js';
import { problemText } from './lockedWait.js';
import { TotpCodeField, TotpSecretPanel } from './MfaEnrolmentScreen.js';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.js';
import { PasskeySection } from './PasskeySection.js';
import { visuallyHidden } from './visuallyHidden.js';
import { LiveNotice } from './LiveNotice.js';

export interface AccountSecurityProps {
  readonly api: LawyerAccountApi;
  /** The signed-in lawyer's address, named in the downloaded recovery codes. */
  readonly email: string;
  /** Other sessions (and so every hub connection of this lawyer) were ended. */
  readonly onSessionsEnded: () => void;
  /** A 401: this session itself is gone. */
  readonly onSessionExpired: () => void;
}

/** The latest callback, for use cases created once: they call through it, so a new callback needs no new use case. */
function useLatest<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const latest = useRef(callback);
  latest.current = callback;
  return useMemo(
    () =>
      (...args: A) =>
        latest.current(...args),
    [],
  );
}

/** Creates a use case for the component's life and disposes it with the component (or a new api). */
function useUseCase<U extends { dispose(): void }>(create: () => U, deps: readonly unknown[]): U {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const useCase = useMemo(create, deps);
  useEffect(() => () => useCase.dispose(), [useCase]);
  return useCase;
}

export function AccountSecurity({ api, email, onSessionsEnded, onSessionExpired }: AccountSecurityProps) {
  const ended = useLatest(onSessionsEnded);
  const expired = useLatest(onSessionExpired);
  const devices = useUseCase(() => createDeviceSessions({ api, onEnded: ended, onSessionExpired: expired }), [api, ended, expired]);
  // A password change ends the other sessions: the device list is read again.
  const passwordChanged = useLatest(() => {
    devices.load();
    ended();
  });
  return (
    <Stack spacing={3} sx={{ mt: 3 }}>
      <PasswordChange api={api} onChanged={passwordChanged} onSessionExpired={expired} />
      <SignedInDevices devices={devices} />
      <SecondFactor api={api} email={email} onSessionExpired={expired} />
      <PasskeySection api={api} onSessionExpired={expired} />
    </Stack>
  );
}

/** The console's message for each problem of the password change. */
const PASSWORD_KEYS: Readonly<Record<PasswordProblem, ConsoleTextKey>> = {
  CurrentMissing: 'Password.CurrentMissing',
  TooShort: 'Password.TooShort',
  RepeatMismatch: 'Password.RepeatMismatch',
  CurrentWrong: 'Password.CurrentWrong',
  TooLong: 'Password.TooLong',
  Common: 'Password.Common',
  Personal: 'Password.Personal',
  Unchanged: 'Password.Unchanged',
  Locked: 'Password.Locked',
  Failed: 'Password.Failed',
};

function PasswordChange({ api, onChanged, onSessionExpired }: { api: LawyerAccountApi; onChanged: () => void; onSessionExpired: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<PasswordField, string>>({ current: '', new: '', repeat: '' });
  const change = useUseCase(() => createPasswordChange({ api, onChanged, onSessionExpired }), [api, onChanged, onSessionExpired]);
  const state = useStream(change.state$, change.snapshot());
  const { busy, done, changed } = state;
  const error = state.error ? { field: state.error.field, key: PASSWORD_KEYS[state.error.problem] } : null;

  // A field's problem moves the focus into it; each refusal is a new object, so a repeated one moves it again.
  useEffect(() => {
    const field = state.error?.field;
    if (field) requestAnimationFrame(() => document.getElementById(`password-${field}`)?.focus());
  }, [state.error]);
  useEffect(() => {
    if (changed > 0) setValues({ current: '', new: '', repeat: '' });
  }, [changed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.change(values);
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
      <Stack component="form" spacing={2} noValidate onSubmit={submit} sx={{ maxWidth: 480 }} aria-labelledby="password-heading">
        {field('current', 'Password.Current', 'current-password')}
        {field('new', 'Password.New', 'new-password', 'Password.NewHelp')}
        {field('repeat', 'Password.Repeat', 'new-password')}
        <div aria-live="assertive">
          {error && error.field === null && (
            <Alert role="none" severity="error">
              {problemText(t, error.key, state.error?.retryAfterSeconds)}
            </Alert>
          )}
          {/* A field's own message is also read out here, once, when it appears. */}
          {error && error.field !== null && (
            <Typography component="span" sx={visuallyHidden}>
              {t(error.key)}
            </Typography>
          )}
        </div>
        <LiveNotice politeness="polite" severity="success">
          {done && t('Password.Changed')}
        </LiveNotice>
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {busy ? t('Password.Busy') : t('Password.Submit')}
        </Button>
      </Stack>
    </ScreenSection>
  );
}

/** The browsers and systems the server names (core's DeviceSession); any other name reads as unknown. */
const BROWSER_KEYS = new Map<string, ConsoleTextKey>([
  ['Chrome', 'Devices.Browser.Chrome'],
  ['Edge', 'Devices.Browser.Edge'],
  ['Firefox', 'Devices.Browser.Firefox'],
  ['Safari', 'Devices.Browser.Safari'],
  ['Opera', 'Devices.Browser.Opera'],
  ['SamsungInternet', 'Devices.Browser.SamsungInternet'],
]);
const SYSTEM_KEYS = new Map<string, ConsoleTextKey>([
  ['Windows', 'Devices.System.Windows'],
  ['macOS', 'Devices.System.macOS'],
  ['Linux', 'Devices.System.Linux'],
  ['ChromeOS', 'Devices.System.ChromeOS'],
  ['Android', 'Devices.System.Android'],
  ['iPhone', 'Devices.System.iPhone'],
  ['iPad', 'Devices.System.iPad'],
]);

function SignedInDevices({ devices }: { devices: DeviceSessions }) {
  const { t } = useTranslation();
  /** "Chrome unter Windows", "Safari auf dem iPhone", "Unbekannter Browser". */
  const deviceName = (s: DeviceSession) => {
    const browser = t(BROWSER_KEYS.get(s.Browser ?? '') ?? 'Devices.Browser.Unknown');
    const system = SYSTEM_KEYS.get(s.System ?? '');
    return system === undefined ? browser : t('Devices.Describe', { browser, system: t(system) });
  };
  /** When it signed in and was last active, and the shortened address where the server knows it. */
  const details = (s: DeviceSession) => {
    const times = t('Devices.Session', { created: formatDateTime(s.CreatedAt), lastSeen: formatDateTime(s.LastSeenAt) });
    return s.Network === undefined ? times : `${times} · ${t('Devices.Network', { network: s.Network })}`;
  };
  useEffect(() => devices.load(), [devices]);
  const { sessions, message: said } = useStream(devices.state$, devices.snapshot());
  const message =
    said === null
      ? null
      : said.kind === 'failed'
        ? { severity: 'error' as const, text: t('Devices.Failed') }
        : { severity: 'success' as const, text: said.kind === 'ended' ? t('Devices.Ended') : t('Devices.EndedOthers', { count: said.count }) };
  const endOne = (id: string) => devices.endOne(id);
  const endOthers = () => devices.endOthers();

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
                  <Button
                    size="small"
                    onClick={() => endOne(s.Id)}
                    aria-label={t('Devices.EndLabel', { device: deviceName(s), created: formatDateTime(s.CreatedAt) })}
                  >
                    {t('Devices.End')}
                  </Button>
                )
              }
            >
              <ListItemText primary={deviceName(s)} secondary={details(s)} />
            </ListItem>
          ))}
        </List>
      )}
      {sessions !== null && others.length === 0 && <Typography sx={{ my: 1 }}>{t('Devices.NoOthers')}</Typography>}
      <LiveNotice politeness="polite" severity={message?.severity ?? 'success'}>
        {message?.text}
      </LiveNotice>
      {others.length > 0 && (
        <Button variant="outlined" sx={{ mt: 1 }} onClick={endOthers}>
          {t('Devices.EndOthers')}
        </Button>
      )}
    </ScreenSection>
  );
}

/** The console's message for each problem of the second factor's forms. */
const FACTOR_KEYS: Readonly<Record<FactorProblem, ConsoleTextKey>> = {
  PasswordMissing: 'SecondFactor.PasswordMissing',
  PasswordWrong: 'RecoveryCodes.PasswordWrong',
  CodeMissing: 'Enrolment.CodeMissing',
  StepUpMissing: 'RecoveryCodes.StepUpMissing',
  WrongCode: 'Enrolment.WrongCode',
  Locked: 'Password.Locked',
  Failed: 'SecondFactor.Failed',
};

function SecondFactor({ api, email, onSessionExpired }: { api: LawyerAccountApi; email: string; onSessionExpired: () => void }) {
  const { t } = useTranslation();
  const factor = useUseCase(() => createSecondFactor({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => factor.load(), [factor]);
  const state = useStream(factor.state$, factor.snapshot());
  const { status, step, codes } = state;
  const error = state.problem === null ? null : FACTOR_KEYS[state.problem];
  const notice: ConsoleTextKey | null =
    state.notice === null
      ? null
      : state.notice === 'Renewed'
        ? 'RecoveryCodes.Renewed'
        : state.notice === 'Enabled'
          ? 'SecondFactor.Enabled'
          : 'SecondFactor.Disabled';
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  /** The first button of the section at rest (set up, or renew the codes): where the keyboard goes on after the codes. */
  const restButton = useRef<HTMLButtonElement>(null);
  // Every new form (and the secret after the password) starts empty.
  useEffect(() => {
    setCode('');
    setPassword('');
  }, [step]);
  // A new step replaces the fields the keyboard was in (the password by the secret and the code; the button that opened
  // the form): the focus goes to the new step's first field – the key to type into the app – not to the page's start.
  // Back at rest („Abbrechen“, or done), the button that opened the form takes the focus the form's fields had.
  const form = useRef<HTMLFormElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    const root = form.current;
    const open = step.step !== 'idle';
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    const focusLost = document.activeElement === null || document.activeElement === document.body || !document.activeElement.isConnected;
    if (closed && focusLost) return restButton.current?.focus();
    if (!open || !root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    factor.submit({ code, password });
  };

  if (status === null) return null;
  return (
    <ScreenSection headingId="second-factor-heading" heading={t('SecondFactor.Heading')}>
      <Typography sx={{ my: 1 }}>{t(status.Enabled ? 'SecondFactor.On' : 'SecondFactor.Off')}</Typography>
      {status.Required && status.Enabled && <Typography sx={{ my: 1 }}>{t('SecondFactor.RequiredNote')}</Typography>}
      {status.Enabled && (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
            {t('RecoveryCodes.Heading')}
          </Typography>
          <Typography sx={{ my: 1 }}>{t('RecoveryCodes.Left', { count: status.RecoveryCodesLeft })}</Typography>
        </>
      )}
      <LiveNotice politeness="polite" severity="success">
        {notice && t(notice)}
      </LiveNotice>
      {step.step === 'idle' && !status.Enabled && (
        <Button variant="contained" ref={restButton} onClick={() => factor.open('unlock')}>
          {t('SecondFactor.Setup')}
        </Button>
      )}
      {step.step === 'idle' && status.Enabled && (
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <Button variant="outlined" ref={restButton} onClick={() => factor.open('renew')}>
            {t('RecoveryCodes.Renew')}
          </Button>
          {!status.Required && (
            <Button variant="outlined" onClick={() => factor.open('disable')}>
              {t('SecondFactor.Disable')}
            </Button>
          )}
        </Stack>
      )}
      {step.step !== 'idle' && (
        <Stack ref={form} component="form" spacing={2} noValidate onSubmit={submit} sx={{ maxWidth: 480, mt: 1 }} aria-labelledby="second-factor-heading">
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
          <LiveNotice politeness="assertive" severity="error">
            {error && problemText(t, error, state.retryAfterSeconds)}
          </LiveNotice>
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
            <Button type="button" variant="outlined" onClick={() => factor.cancel()}>
              {t('SecondFactor.Cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
      {step.step === 'idle' && (
        <LiveNotice politeness="assertive" severity="error">
          {error && problemText(t, error, state.retryAfterSeconds)}
        </LiveNotice>
      )}
      {codes && (
        <RecoveryCodesDialog
          codes={codes}
          email={email}
          onDone={() => {
            factor.dismissCodes();
            // The button that opened the dialog is gone with its form: the keyboard goes on in this section, not at the page's start.
            requestAnimationFrame(() => restButton.current?.focus());
          }}
        />
      )}
    </ScreenSection>
  );
}
