// The lawyer's passkeys and security keys in the profile (SECURITY I1, the phishing-resistant second factor): the
// list with name, when added and last used (Berlin time), adding one after the password (then the browser's dialog)
// and removing one after a confirmation with the password. Results are announced; focus goes where the next step is.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AppError } from '@rechtschat/core';
import type { AccountApi, Passkey } from '../api/lawyerApi.js';
import { formatDateTime } from '../i18n/i18n.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { createPasskey } from '../passkeys/browserPasskeys.js';
import { ScreenSection } from './ScreenSection.js';

export interface PasskeySectionProps {
  readonly api: AccountApi;
  /** A 401: this session itself is gone. */
  readonly onSessionExpired: () => void;
}

type Message = { readonly severity: 'success' | 'error'; readonly text: string };

const isUnauthenticated = (error: AppError) => error._tag === 'HttpError' && error.status === 401;

function stepUpError(error: AppError): ConsoleTextKey {
  if (error._tag === 'HttpError' && error.code === 'CurrentPasswordWrong') return 'Passkeys.PasswordWrong';
  if (error._tag === 'HttpError' && error.status === 429) return 'Password.Locked';
  return 'Passkeys.Failed';
}

export function PasskeySection({ api, onSessionExpired }: PasskeySectionProps) {
  const { t } = useTranslation();
  const [passkeys, setPasskeys] = useState<readonly Passkey[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<ConsoleTextKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [removePassword, setRemovePassword] = useState('');
  const [removeError, setRemoveError] = useState<ConsoleTextKey | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(
    () =>
      void api.passkeys().then((result) => {
        if (result._tag === 'Right') setPasskeys(result.right);
        else if (isUnauthenticated(result.left)) onSessionExpired();
        else setMessage({ severity: 'error', text: t('Passkeys.Failed') });
      }),
    [api, onSessionExpired, t],
  );
  useEffect(load, [load]);

  const openForm = () => {
    setAdding(true);
    setName(t('Passkeys.DefaultName'));
    setPassword('');
    setFormError(null);
    setMessage(null);
    requestAnimationFrame(() => document.getElementById('passkey-name')?.focus());
  };
  const closeForm = () => {
    setAdding(false);
    setFormError(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setFormError('Passkeys.PasswordMissing');
      requestAnimationFrame(() => document.getElementById('passkey-password')?.focus());
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      const options = await api.passkeyRegistrationOptions({ CurrentPassword: password });
      if (options._tag === 'Left') {
        if (isUnauthenticated(options.left)) return onSessionExpired();
        return setFormError(stepUpError(options.left));
      }
      // The password is spent on these options: a cancelled dialog needs it again, as a new challenge does.
      setPassword('');
      const created = await createPasskey(options.right);
      if (!created.ok) return setFormError(created.error);
      const label = name.trim() === '' ? t('Passkeys.DefaultName') : name.trim();
      const registered = await api.registerPasskey(created.response, label);
      if (registered._tag === 'Left') {
        if (isUnauthenticated(registered.left)) return onSessionExpired();
        return setFormError('Passkeys.Rejected');
      }
      setMessage({ severity: 'success', text: t('Passkeys.Registered', { name: registered.right.Name }) });
      closeForm();
      load();
    } finally {
      setBusy(false);
    }
  };

  const askRemoval = (passkey: Passkey) => {
    setRemovePassword('');
    setRemoveError(null);
    setRemoving(passkey);
  };
  const cancelRemoval = () => {
    setRemoving(null);
    setRemoveError(null);
  };

  /** Removing needs the password, like adding: a wrong one keeps the dialog open with the message beside the field. */
  const remove = async (event: FormEvent, passkey: Passkey) => {
    event.preventDefault();
    if (removePassword === '') {
      setRemoveError('Passkeys.PasswordMissing');
      return;
    }
    const result = await api.removePasskey(passkey.Id, { CurrentPassword: removePassword });
    setRemovePassword('');
    if (result._tag === 'Left' && isUnauthenticated(result.left)) return onSessionExpired();
    if (result._tag === 'Left' && result.left._tag === 'HttpError' && (result.left.code === 'CurrentPasswordWrong' || result.left.status === 429)) {
      setRemoveError(stepUpError(result.left));
      return;
    }
    setRemoving(null);
    if (result._tag === 'Right') {
      setMessage({ severity: 'success', text: t('Passkeys.Removed', { name: passkey.Name }) });
      load();
    } else
      setMessage({ severity: 'error', text: t(result.left._tag === 'HttpError' && result.left.status === 409 ? 'Passkeys.LastFactor' : 'Passkeys.Failed') });
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <ScreenSection headingId="passkeys-heading" heading={t('Passkeys.Heading')}>
      <Typography sx={{ my: 1 }}>{t('Passkeys.Intro')}</Typography>
      {passkeys === null ? (
        <Typography role="status">{t('Passkeys.Loading')}</Typography>
      ) : passkeys.length === 0 ? (
        <Typography sx={{ my: 1 }}>{t('Passkeys.None')}</Typography>
      ) : (
        <List aria-labelledby="passkeys-heading">
          {passkeys.map((p) => (
            <ListItem
              key={p.Id}
              divider
              secondaryAction={
                <Button size="small" onClick={() => askRemoval(p)} aria-label={t('Passkeys.RemoveLabel', { name: p.Name })}>
                  {t('Passkeys.Remove')}
                </Button>
              }
            >
              <ListItemText
                primary={p.Name}
                secondary={`${t('Passkeys.Added', { created: formatDateTime(p.CreatedAt) })} · ${
                  p.LastUsedAt === null ? t('Passkeys.NeverUsed') : t('Passkeys.LastUsed', { lastUsed: formatDateTime(p.LastUsedAt) })
                }`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <div aria-live="polite">{message && <Alert severity={message.severity}>{message.text}</Alert>}</div>
      {adding ? (
        <Stack component="form" spacing={2} noValidate onSubmit={(e) => void add(e)} sx={{ maxWidth: 480, mt: 1 }} aria-labelledby="passkeys-heading">
          <Typography>{t('Passkeys.AddHelp')}</Typography>
          <TextField
            id="passkey-name"
            label={t('Passkeys.Name')}
            helperText={t('Passkeys.NameHelp')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            id="passkey-password"
            type="password"
            label={t('Passkeys.Password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={formError === 'Passkeys.PasswordMissing' || formError === 'Passkeys.PasswordWrong'}
            slotProps={{ htmlInput: { maxLength: 1024, spellCheck: false } }}
          />
          <div aria-live="assertive">{formError && <Alert severity="error">{t(formError)}</Alert>}</div>
          <div aria-live="polite">{busy && <Typography role="status">{t('Passkeys.Busy')}</Typography>}</div>
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('Passkeys.Continue')}
            </Button>
            <Button type="button" variant="outlined" onClick={closeForm} disabled={busy}>
              {t('Passkeys.Cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Button ref={addButton} variant="outlined" sx={{ mt: 1 }} onClick={openForm}>
          {t('Passkeys.Add')}
        </Button>
      )}
      <Dialog open={removing !== null} onClose={cancelRemoval} aria-labelledby="passkey-remove-title" aria-describedby="passkey-remove-text">
        <form noValidate onSubmit={(e) => removing && void remove(e, removing)}>
          <DialogTitle id="passkey-remove-title">{t('Passkeys.RemoveTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="passkey-remove-text">{t('Passkeys.RemoveText', { name: removing?.Name ?? '' })}</DialogContentText>
            <TextField
              id="passkey-remove-password"
              type="password"
              label={t('Passkeys.Password')}
              autoComplete="current-password"
              required
              fullWidth
              margin="normal"
              value={removePassword}
              onChange={(e) => setRemovePassword(e.target.value)}
              error={removeError !== null}
              slotProps={{ htmlInput: { maxLength: 1024, spellCheck: false } }}
            />
            <div aria-live="assertive">{removeError && <Alert severity="error">{t(removeError)}</Alert>}</div>
          </DialogContent>
          <DialogActions>
            {/* Removing is the weighty choice: focus starts on cancelling, and Escape cancels too. */}
            <Button autoFocus type="button" onClick={cancelRemoval}>
              {t('Passkeys.Cancel')}
            </Button>
            <Button type="submit" variant="contained" color="error">
              {t('Passkeys.RemoveConfirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </ScreenSection>
  );
}
