// The lawyer's passkeys and security keys in the profile (docs/security.md I1, the phishing-resistant second factor): the
// list with name, when added and last used (Berlin time), adding one after the password (then the browser's dialog)
// and removing one after a confirmation with the password. Results are announced; focus goes where the next step is.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
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
import { createPasskeyKeys, type LawyerAccountApi, type PasskeyDialogs, type PasskeyProblem } from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { browserPasskeyDialogs, passkeyFailureKey } from '../passkeys/browserPasskeys.js';
import { useStream } from '../workspace/useStream.js';
import { ScreenSection } from './ScreenSection.js';
import { problemText } from './lockedWait.js';
import { LiveNotice } from './LiveNotice.js';

export interface PasskeySectionProps {
  readonly api: Pick<LawyerAccountApi, 'passkeys' | 'passkeyRegistrationOptions' | 'registerPasskey' | 'removePasskey'>;
  /** A 401: this session itself is gone. */
  readonly onSessionExpired: () => void;
  /** The browser's passkey dialogs by default. */
  readonly dialogs?: Pick<PasskeyDialogs, 'create'>;
}

const problemKey = (problem: PasskeyProblem | null): ConsoleTextKey | null => {
  switch (problem) {
    case null:
      return null;
    case 'PasswordMissing':
      return 'Passkeys.PasswordMissing';
    case 'PasswordWrong':
      return 'Passkeys.PasswordWrong';
    case 'Locked':
      return 'Password.Locked';
    case 'Failed':
      return 'Passkeys.Failed';
    case 'Rejected':
      return 'Passkeys.Rejected';
    default:
      return passkeyFailureKey(problem);
  }
};

export function PasskeySection({ api, onSessionExpired, dialogs = browserPasskeyDialogs }: PasskeySectionProps) {
  const { t } = useTranslation();
  const expired = useRef(onSessionExpired);
  expired.current = onSessionExpired;
  const keys = useMemo(() => createPasskeyKeys({ api, dialogs, onSessionExpired: () => expired.current() }), [api, dialogs]);
  useEffect(() => {
    keys.load();
    return () => keys.dispose();
  }, [keys]);
  const state = useStream(keys.state$, keys.snapshot());
  const { passkeys, adding, busy, removing, passwordSpent, focusAdd } = state;
  const formError = problemKey(state.formProblem);
  const removeError = problemKey(state.removeProblem);
  const message =
    state.message === null
      ? null
      : state.message.kind === 'registered'
        ? { severity: 'success' as const, text: t('Passkeys.Registered', { name: state.message.name }) }
        : state.message.kind === 'removed'
          ? { severity: 'success' as const, text: t('Passkeys.Removed', { name: state.message.name }) }
          : { severity: 'error' as const, text: t(state.message.kind === 'lastFactor' ? 'Passkeys.LastFactor' : 'Passkeys.Failed') };
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);

  // A password spent on a request is gone from the forms: a new attempt needs it again.
  useEffect(() => {
    setPassword('');
    setRemovePassword('');
  }, [passwordSpent]);
  useEffect(() => {
    if (focusAdd > 0) requestAnimationFrame(() => addButton.current?.focus());
  }, [focusAdd]);
  useEffect(() => {
    if (state.formProblem === 'PasswordMissing') requestAnimationFrame(() => document.getElementById('passkey-password')?.focus());
  }, [state.formProblem]);

  const openForm = () => {
    setName(t('Passkeys.DefaultName'));
    setPassword('');
    keys.openForm();
    requestAnimationFrame(() => document.getElementById('passkey-name')?.focus());
  };
  const closeForm = () => keys.closeForm();
  const add = (event: FormEvent) => {
    event.preventDefault();
    keys.add({ name, password, defaultName: t('Passkeys.DefaultName') });
  };
  const askRemoval = (passkey: NonNullable<typeof removing>) => {
    setRemovePassword('');
    keys.askRemoval(passkey);
  };
  const cancelRemoval = () => keys.cancelRemoval();
  const remove = (event: FormEvent) => {
    event.preventDefault();
    keys.remove(removePassword);
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
      <LiveNotice politeness="polite" severity={message?.severity ?? 'success'}>
        {message?.text}
      </LiveNotice>
      {adding ? (
        <Stack component="form" spacing={2} noValidate onSubmit={add} sx={{ maxWidth: 480, mt: 1 }} aria-labelledby="passkeys-heading">
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
          <LiveNotice politeness="assertive" severity="error">
            {formError && problemText(t, formError, state.retryAfterSeconds)}
          </LiveNotice>
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
        <form noValidate onSubmit={remove}>
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
            <LiveNotice politeness="assertive" severity="error">
              {removeError && problemText(t, removeError, state.retryAfterSeconds)}
            </LiveNotice>
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
