// Public page /konsole/zugang#<token>: set-up of the first administrator, an invitation, a password reset. It reads the
// single-use token from the fragment (never sent to a server in a URL), asks the server what the link is for, then
// takes name, password (policy shown) and, for a new account, the optional salutation and phone number. Afterwards
// the person signs in; the login sets up the second factor where it is still missing.
// The token leaves the address bar as soon as it is read (useAccessLinkToken): a set-up link still valid for 72 hours
// would otherwise stay in the browser's history, where the next person at a shared computer could open it.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import {
  createAccessLink,
  isNewAccount,
  type AccessField,
  type AccessFieldError,
  type AccessLink,
  type AccessLinkState,
  type AccountLinkApi,
  type AppError,
  type LawyerGender,
} from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import { useStream } from '../../workspace/useStream.js';
import { ScreenSection } from '../ScreenSection.js';
import { lockedText } from '../lockedWait.js';
import { LiveNotice } from '../LiveNotice.js';

export interface AccessLinkScreenProps {
  readonly api: AccountLinkApi;
}

/** The token as the link carries it: everything after '#'. */
const tokenOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, '')).trim();

/** Where the tab keeps the link's token once it is out of the address bar, so that a reload still finds it. */
const TOKEN_KEY = 'rc.console.accessLinkToken';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The link's token: read from the fragment, which is then replaced by the plain address (no history entry keeps it),
 * and kept in the tab's sessionStorage for a reload – until the link is used (`forgetAccessLinkToken`).
 */
function useAccessLinkToken(): string {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const fromLink = tokenOf(hash);
  const [token, setToken] = useState(() => fromLink || (tabStorage()?.getItem(TOKEN_KEY) ?? ''));
  useEffect(() => {
    if (fromLink === '') return;
    setToken(fromLink);
    tabStorage()?.setItem(TOKEN_KEY, fromLink);
    void navigate({ hash: '' }, { replace: true });
  }, [fromLink, navigate]);
  return fromLink || token;
}

const forgetAccessLinkToken = () => tabStorage()?.removeItem(TOKEN_KEY);

/** A refused link or completion that belongs to no field. */
const generalError = (t: TFunction, error: AppError): string => {
  if (error._tag === 'HttpError' && error.status === 404) return t('Access.Invalid');
  if (error._tag === 'HttpError' && error.status === 429) return lockedText(t, error.retryAfterSeconds);
  if (error._tag === 'NetworkError' || error._tag === 'Timeout') return t('Error.Network');
  return t('Error.Generic');
};

const fieldErrorText = (t: TFunction, error: AccessFieldError): string => {
  switch (error.problem) {
    case 'Missing':
      return t(error.field === 'Name' ? 'Access.NameMissing' : 'Access.PasswordMissing');
    case 'Mismatch':
      return t('Password.RepeatMismatch');
    case 'Refused':
      return error.message;
  }
};

export function AccessLinkScreen({ api }: AccessLinkScreenProps) {
  const { t } = useTranslation();
  const token = useAccessLinkToken();
  const access = useMemo(() => createAccessLink({ api }), [api]);
  useEffect(() => () => access.dispose(), [access]);
  const page = useStream(access.state$, access.snapshot());

  // The link is inspected once per token.
  useEffect(() => access.inspect(token), [access, token]);
  // A used link is worth nothing any more, nor one the server no longer knows (404); after a network error the tab
  // keeps it for the next try.
  const linkSpent =
    page.step === 'done' || (page.step === 'invalid' && page.reason !== 'NoToken' && page.reason._tag === 'HttpError' && page.reason.status === 404);
  useEffect(() => {
    if (linkSpent) forgetAccessLinkToken();
  }, [linkSpent]);

  return (
    <ScreenSection headingId="access-heading" heading={t('Access.Heading')}>
      {page.step === 'checking' && (
        <Typography role="status" sx={{ mt: 1 }}>
          {t('Access.Checking')}
        </Typography>
      )}
      {page.step === 'invalid' && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Alert severity="error">{page.reason === 'NoToken' ? t('Access.NoToken') : generalError(t, page.reason)}</Alert>
          {/* No dead end: the console's start is the login, or the workspace of whoever is signed in already. */}
          <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            {t('Access.ToConsole')}
          </Button>
        </Stack>
      )}
      {page.step === 'form' && <AccessForm access={access} page={page} />}
      {page.step === 'done' && <Done email={page.email} passwordOnly={page.purpose === 'passwordReset'} />}
    </ScreenSection>
  );
}

function Done({ email, passwordOnly }: { readonly email: string; readonly passwordOnly: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Alert severity="success" ref={ref} tabIndex={-1}>
        <Typography>{t(passwordOnly ? 'Access.DonePassword' : 'Access.Done', { email })}</Typography>
        <Typography>{t('Access.DoneMfa')}</Typography>
      </Alert>
      {/* The login then has the address filled in and starts at the password. */}
      <Button component={RouterLink} to="/" state={{ email }} variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('Access.ToLogin')}
      </Button>
    </Stack>
  );
}

interface AccessFormProps {
  readonly access: AccessLink;
  readonly page: Extract<AccessLinkState, { readonly step: 'form' }>;
}

function AccessForm({ access, page }: AccessFormProps) {
  const { t } = useTranslation();
  const { info, busy, refused } = page;
  const newAccount = isNewAccount(info);
  const [name, setName] = useState(info.Name ?? '');
  const [gender, setGender] = useState<LawyerGender>('other');
  // A set-up link's account already has a salutation (the link does not tell it): sent only when chosen here.
  const [genderChosen, setGenderChosen] = useState(info.Purpose === 'invitation');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  // Every field found wrong is marked at once, each with its own message (aria-invalid, aria-describedby by MUI).
  const fieldErrors = new Map(page.fieldErrors.map((problem) => [problem.field, fieldErrorText(t, problem)] as const));
  const error = page.error && generalError(t, page.error);
  const fields = useRef(new Map<string, HTMLInputElement>());
  const bind = (field: AccessField) => (node: HTMLInputElement | null) => {
    if (node) fields.current.set(field, node);
  };

  // The first refused field takes the focus, each time the form is refused.
  const refusedField = page.fieldErrors[0]?.field;
  useEffect(() => {
    if (refused > 0 && refusedField) fields.current.get(refusedField)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new refusal moves the focus
  }, [refused]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    access.complete({ name, gender: genderChosen ? gender : null, phone, password, repeat });
  };

  const helper = (field: AccessField, fallback?: string) => fieldErrors.get(field) ?? fallback;
  // The labels stand above their fields from the start (at MUI's small size), so that a label does not lie in the empty
  // field, cut off with an ellipsis, on a 320 px phone with wider text spacing (WCAG 1.4.10, 1.4.12).
  const labelAbove = { inputLabel: { shrink: true } } as const;

  return (
    <>
      <Typography sx={{ mt: 1 }}>{t(`Access.Intro.${info.Purpose}`)}</Typography>
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {t('Access.Account', { email: info.Email, expires: formatDateTime(info.ExpiresAt) })}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 480, mt: 2 }}>
        {newAccount && (
          <>
            <TextField
              label={t('Access.Name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoComplete="name"
              inputRef={bind('Name')}
              error={fieldErrors.has('Name')}
              helperText={helper('Name', t('Access.NameHelp'))}
              slotProps={labelAbove}
            />
            <TextField
              select
              label={t('Profile.Gender')}
              value={gender}
              onChange={(e) => {
                setGender(e.target.value as LawyerGender);
                setGenderChosen(true);
              }}
              helperText={t('Profile.GenderHelp')}
              slotProps={labelAbove}
            >
              <MenuItem value="female">{t('Profile.GenderFemale')}</MenuItem>
              <MenuItem value="male">{t('Profile.GenderMale')}</MenuItem>
              <MenuItem value="other">{t('Profile.GenderOther')}</MenuItem>
            </TextField>
            <TextField
              label={t('Access.Phone')}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              type="tel"
              autoComplete="tel"
              inputRef={bind('Phone')}
              error={fieldErrors.has('Phone')}
              helperText={helper('Phone', t('Access.PhoneHelp'))}
              slotProps={labelAbove}
            />
          </>
        )}
        {/* The account's e-mail for password managers, which store it with the new password. */}
        <input type="email" name="username" autoComplete="username" value={info.Email} readOnly hidden />
        <TextField
          label={t('Access.Password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          autoComplete="new-password"
          inputRef={bind('Password')}
          error={fieldErrors.has('Password')}
          helperText={helper('Password', t('Password.NewHelp'))}
          slotProps={labelAbove}
        />
        <TextField
          label={t('Access.PasswordRepeat')}
          type="password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          required
          autoComplete="new-password"
          inputRef={bind('Repeat')}
          error={fieldErrors.has('Repeat')}
          helperText={helper('Repeat')}
          slotProps={labelAbove}
        />
        <LiveNotice politeness="assertive" severity="error">
          {error}
        </LiveNotice>
        {busy && <Typography role="status">{t('Access.Busy')}</Typography>}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('Access.Submit')}
        </Button>
      </Stack>
    </>
  );
}
