// Public page /konsole/zugang#<token>: set-up of the first administrator, an invitation, a password reset. It reads the
// single-use token from the fragment (never sent to a server in a URL), asks the server what the link is for, then
// takes name, password (policy shown) and, for a new account, the optional salutation and phone number. Afterwards
// the person signs in; the login sets up the second factor where it is still missing.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { firstValueFrom } from 'rxjs';
import type { AccountLinkApi, AccountLinkInfo, AppError, LawyerGender } from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import { ScreenSection } from '../ScreenSection.js';

export interface AccessLinkScreenProps {
  readonly api: AccountLinkApi;
}

type Field = 'Name' | 'Phone' | 'Password';
type Page =
  | { readonly step: 'checking' }
  | { readonly step: 'invalid'; readonly message: string }
  | { readonly step: 'form'; readonly info: AccountLinkInfo }
  | { readonly step: 'done'; readonly email: string };

/** The token as the link carries it: everything after '#'. */
const tokenOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, '')).trim();

export function AccessLinkScreen({ api }: AccessLinkScreenProps) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const [page, setPage] = useState<Page>({ step: 'checking' });

  const generalError = (error: AppError): string => {
    if (error._tag === 'HttpError' && error.status === 404) return t('Access.Invalid');
    if (error._tag === 'HttpError' && error.status === 429) return t('Login.Locked');
    if (error._tag === 'NetworkError' || error._tag === 'Timeout') return t('Error.Network');
    return t('Error.Generic');
  };

  useEffect(() => {
    if (token === '') {
      setPage({ step: 'invalid', message: t('Access.NoToken') });
      return;
    }
    let live = true;
    setPage({ step: 'checking' });
    void firstValueFrom(api.inspect(token)).then((result) => {
      if (!live) return;
      setPage(result._tag === 'Right' ? { step: 'form', info: result.right } : { step: 'invalid', message: generalError(result.left) });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is inspected once per token
  }, [api, token]);

  return (
    <ScreenSection headingId="access-heading" heading={t('Access.Heading')}>
      {page.step === 'checking' && (
        <Typography role="status" sx={{ mt: 1 }}>
          {t('Access.Checking')}
        </Typography>
      )}
      {page.step === 'invalid' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {page.message}
        </Alert>
      )}
      {page.step === 'form' && (
        <AccessForm
          api={api}
          token={token}
          info={page.info}
          generalError={generalError}
          onInvalid={(message) => setPage({ step: 'invalid', message })}
          onDone={(email) => setPage({ step: 'done', email })}
        />
      )}
      {page.step === 'done' && <Done email={page.email} />}
    </ScreenSection>
  );
}

function Done({ email }: { readonly email: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Alert severity="success" ref={ref} tabIndex={-1}>
        <Typography>{t('Access.Done', { email })}</Typography>
        <Typography>{t('Access.DoneMfa')}</Typography>
      </Alert>
      <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        {t('Access.ToLogin')}
      </Button>
    </Stack>
  );
}

interface AccessFormProps {
  readonly api: AccountLinkApi;
  readonly token: string;
  readonly info: AccountLinkInfo;
  readonly generalError: (error: AppError) => string;
  readonly onInvalid: (message: string) => void;
  readonly onDone: (email: string) => void;
}

function AccessForm({ api, token, info, generalError, onInvalid, onDone }: AccessFormProps) {
  const { t } = useTranslation();
  const newAccount = info.Purpose !== 'passwordReset';
  const [name, setName] = useState(info.Name ?? '');
  const [gender, setGender] = useState<LawyerGender>('other');
  // A set-up link's account already has a salutation (the link does not tell it): sent only when chosen here.
  const [genderChosen, setGenderChosen] = useState(info.Purpose === 'invitation');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldError, setFieldError] = useState<{ readonly field: Field | 'Repeat'; readonly message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRef(new Map<string, HTMLInputElement>());
  const bind = (field: Field | 'Repeat') => (node: HTMLInputElement | null) => {
    if (node) fields.current.set(field, node);
  };

  const refuse = (field: Field | 'Repeat', message: string) => {
    setFieldError({ field, message });
    fields.current.get(field)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setFieldError(null);
    if (newAccount && name.trim() === '') return refuse('Name', t('Access.NameMissing'));
    if (password === '') return refuse('Password', t('Access.PasswordMissing'));
    if (password !== repeat) return refuse('Repeat', t('Password.RepeatMismatch'));
    setBusy(true);
    const result = await firstValueFrom(
      api.complete({
        Token: token,
        Password: password,
        ...(newAccount ? { Name: name.trim() } : {}),
        ...(newAccount && genderChosen ? { Gender: gender } : {}),
        ...(newAccount && phone.trim() !== '' ? { Phone: phone.trim() } : {}),
      }),
    );
    setBusy(false);
    if (result._tag === 'Right') return onDone(result.right.Email);
    const failure = result.left;
    if (failure._tag === 'HttpError' && failure.status === 404) return onInvalid(t('Access.Invalid'));
    if (failure._tag === 'HttpError' && failure.status === 400) {
      // The server names the field by its code: InvalidName, InvalidPhone, Password… (the message is German).
      const field: Field | null =
        failure.code === 'InvalidName' ? 'Name' : failure.code === 'InvalidPhone' ? 'Phone' : failure.code.startsWith('Password') ? 'Password' : null;
      if (field) return refuse(field, failure.message);
    }
    setError(generalError(failure));
  };

  const helper = (field: Field | 'Repeat', fallback?: string) => (fieldError?.field === field ? fieldError.message : fallback);

  return (
    <>
      <Typography sx={{ mt: 1 }}>{t(`Access.Intro.${info.Purpose}`)}</Typography>
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {t('Access.Account', { email: info.Email, expires: formatDateTime(info.ExpiresAt) })}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate sx={{ maxWidth: 480, mt: 2 }}>
        {newAccount && (
          <>
            <TextField
              label={t('Access.Name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoComplete="name"
              inputRef={bind('Name')}
              error={fieldError?.field === 'Name'}
              helperText={helper('Name')}
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
              error={fieldError?.field === 'Phone'}
              helperText={helper('Phone', t('Access.PhoneHelp'))}
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
          error={fieldError?.field === 'Password'}
          helperText={helper('Password', t('Password.NewHelp'))}
        />
        <TextField
          label={t('Access.PasswordRepeat')}
          type="password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          required
          autoComplete="new-password"
          inputRef={bind('Repeat')}
          error={fieldError?.field === 'Repeat'}
          helperText={helper('Repeat')}
        />
        <div aria-live="assertive">{error && <Alert severity="error">{error}</Alert>}</div>
        {busy && <Typography role="status">{t('Access.Busy')}</Typography>}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('Access.Submit')}
        </Button>
      </Stack>
    </>
  );
}
