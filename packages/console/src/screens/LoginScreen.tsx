// Screen 1: Anmeldung with e-mail, password and – for lawyers with a second factor – the TOTP code, or instead one of
// the recovery codes when the authenticator is not at hand, or a passkey or security key in place of any code; errors are
// tied to the form and announced.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { lockedText } from './lockedWait.js';

export interface LoginScreenProps {
  readonly error: ConsoleTextKey | null;
  /** With Login.Locked: the wait the server named, in seconds. */
  readonly retryAfterSeconds?: number;
  /** Why the server ended the last session (its German words, e.g. the account was deactivated), until the next login. */
  readonly notice?: string | null;
  readonly busy: boolean;
  readonly onLogin: (email: string, password: string, totpCode: string) => void;
  /** E-mail and password, then the browser's passkey dialog instead of a code. */
  readonly onPasskeyLogin: (email: string, password: string) => void;
  /** The address of the account whose link was just completed: filled in, and the keyboard starts at the password. */
  readonly initialEmail?: string;
}

/** The login at the console's start; after „Zur Anmeldung“ of a completed account link it knows the account's address. */
export function LoginRouteScreen(props: Omit<LoginScreenProps, 'initialEmail'>) {
  const state: unknown = useLocation().state;
  const email = typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : undefined;
  return <LoginScreen {...props} initialEmail={email} />;
}

/** The login's error message, named by the fields it marks. */
const LOGIN_ERROR_ID = 'login-error';

export function LoginScreen({ error, retryAfterSeconds, notice = null, busy, onLogin, onPasskeyLogin, initialEmail = '' }: LoginScreenProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (initialEmail !== '') passwordRef.current?.focus();
    // Only on arrival: later renders must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  // Sent without a code: a refusal may just mean the code is missing (the server, on purpose, does not say which entry
  // was wrong), so its message says to add it rather than only to check the password (outside tester).
  const [sentWithoutCode, setSentWithoutCode] = useState(false);
  const switchCodeKind = () => {
    setRecovery((r) => !r);
    setTotpCode('');
    requestAnimationFrame(() => document.getElementById('login-second-factor')?.focus());
  };
  // The focus goes to the first field a refusal marks (accessibility auditor): a missing entry's at once, as it is
  // found here as well; wrong credentials' (all three are marked, the first is the e-mail address) once the answer came.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') emailRef.current?.focus();
    else if (password === '') passwordRef.current?.focus();
    setSentWithoutCode(totpCode.trim() === '');
    onLogin(email, password, totpCode);
  };
  useEffect(() => {
    if (!busy && error === 'Login.Wrong') emailRef.current?.focus();
  }, [busy, error]);
  // Which fields the message is about: a missing entry marks only the required fields still empty (never the optional
  // code); wrong credentials mark all three, as the server does not say which was wrong; a lock, a network failure or
  // an expired session is about none of them.
  const wrong = error === 'Login.Wrong';
  const missing = error === 'Login.Missing';
  const emailInvalid = wrong || (missing && email.trim() === '');
  const passwordInvalid = wrong || (missing && password === '');
  // A marked field names the message that says why (WCAG 3.3.1): the screen reader reads it with the field.
  const describedByError = (invalid: boolean, own?: string) => (invalid ? { 'aria-describedby': [own, LOGIN_ERROR_ID].filter(Boolean).join(' ') } : {});
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="login-heading" sx={{ maxWidth: 420 }}>
      <Typography variant="h5" component="h2" id="login-heading">
        {t('Login.Heading')}
      </Typography>
      <Typography>{t('Login.Intro')}</Typography>
      <TextField
        label={t('Login.Email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        inputRef={emailRef}
        onChange={(e) => setEmail(e.target.value)}
        error={emailInvalid}
        slotProps={{ htmlInput: describedByError(emailInvalid) }}
      />
      <TextField
        label={t('Login.Password')}
        type="password"
        autoComplete="current-password"
        required
        inputRef={passwordRef}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordInvalid}
        slotProps={{ htmlInput: describedByError(passwordInvalid) }}
      />
      {recovery ? (
        <TextField
          id="login-second-factor"
          label={t('Login.RecoveryCode')}
          helperText={t('Login.RecoveryHelp')}
          autoComplete="off"
          value={totpCode}
          // Letters, digits, spaces and dashes as typed or pasted; the server ignores case, spaces and dashes.
          onChange={(e) => setTotpCode(e.target.value.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 20))}
          error={wrong}
          slotProps={{
            htmlInput: {
              maxLength: 20,
              spellCheck: false,
              autoCapitalize: 'characters',
              style: { fontFamily: 'monospace' },
              ...describedByError(wrong, 'login-second-factor-helper-text'),
            },
          }}
        />
      ) : (
        <TextField
          id="login-second-factor"
          label={t('Login.TotpCode')}
          helperText={t('Login.TotpHelp')}
          autoComplete="one-time-code"
          value={totpCode}
          onChange={(e) => setTotpCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          error={wrong}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, ...describedByError(wrong, 'login-second-factor-helper-text') } }}
        />
      )}
      <Button type="button" variant="text" onClick={switchCodeKind} sx={{ alignSelf: 'flex-start', textTransform: 'none' }}>
        {recovery ? t('Login.UseTotpCode') : t('Login.UseRecoveryCode')}
      </Button>
      <div aria-live="assertive">
        {notice && (
          <Alert role="none" severity="warning">
            {notice}
          </Alert>
        )}
        {error && (
          <Alert role="none" severity="error" id={LOGIN_ERROR_ID}>
            {error === 'Login.Locked' ? lockedText(t, retryAfterSeconds) : t(error === 'Login.Wrong' && sentWithoutCode ? 'Login.WrongWithoutCode' : error)}
          </Alert>
        )}
      </div>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? t('Login.Busy') : t('Login.Submit')}
      </Button>
      <Typography variant="body2" id="login-passkey-help">
        {t('Login.PasskeyHelp')}
      </Typography>
      <Button type="button" variant="outlined" disabled={busy} aria-describedby="login-passkey-help" onClick={() => onPasskeyLogin(email, password)}>
        {t('Login.Passkey')}
      </Button>
    </Stack>
  );
}
