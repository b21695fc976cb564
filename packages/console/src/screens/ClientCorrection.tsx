// „Name oder Telefonnummer berichtigen“: the client cannot change them in the Fallakte („Persönliche Daten“ says only
// the firm can), so the file's lawyer corrects them here. A number with other last four digits makes a new PIN: the
// dialog says so before saving, and afterwards the new PIN stands on the screen to pass on (the client's signed-in
// browser has to sign in again). The server checks and answers every problem at once; its text is shown as it is.
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { take } from 'rxjs';
import type { LawyerCaseFileDetail, MandateApi } from '@rechtschat/core';
import { LiveNotice } from './LiveNotice.js';

export interface ClientCorrectionProps {
  readonly detail: Pick<LawyerCaseFileDetail, 'CaseId' | 'FirstName' | 'LastName' | 'PhoneDisplay'>;
  readonly api: Pick<MandateApi, 'correctClient'>;
  /** After a saved correction: reload the file and the list. */
  readonly onChanged: (caseFileId: string) => void;
}

export function ClientCorrection({ detail, api, onChanged }: ClientCorrectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ FirstName: '', LastName: '', Phone: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ readonly pin: string | null } | null>(null);

  const start = () => {
    setValues({ FirstName: detail.FirstName, LastName: detail.LastName, Phone: detail.PhoneDisplay });
    setError(null);
    setSaved(null);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    api
      .correctClient(detail.CaseId, values)
      .pipe(take(1))
      .subscribe((result) => {
        setBusy(false);
        if (result._tag === 'Left') {
          setError(result.left._tag === 'HttpError' && result.left.status === 400 ? result.left.message : t('CaseFiles.Correction.Failed'));
          return;
        }
        setSaved({ pin: result.right.Pin });
        close();
        onChanged(detail.CaseId);
      });
  };
  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <TextField
      label={t(label)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      autoComplete={autoComplete}
      required
      fullWidth
      error={error !== null}
      slotProps={{ htmlInput: { maxLength: name === 'Phone' ? 40 : 100, 'aria-describedby': error !== null ? `${id}-error` : undefined } }}
    />
  );

  return (
    <>
      <LiveNotice politeness="polite" regionRole="status" severity="success" sx={{ mt: 1 }}>
        {saved !== null && (saved.pin === null ? t('CaseFiles.Correction.Saved') : t('CaseFiles.Correction.SavedNewPin', { pin: saved.pin }))}
      </LiveNotice>
      <Button ref={opener} variant="outlined" sx={{ mt: 1 }} onClick={start}>
        {t('CaseFiles.Correction.Open')}
      </Button>
      <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={`${id}-title`}>
        <form noValidate onSubmit={submit}>
          <DialogTitle id={`${id}-title`}>{t('CaseFiles.Correction.Heading')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('CaseFiles.Correction.Intro')}</DialogContentText>
            {error !== null && (
              <Alert severity="error" id={`${id}-error`} sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
            <Stack spacing={2} sx={{ mt: 2 }}>
              {field('FirstName', 'CaseFiles.Correction.FirstName', 'off')}
              {field('LastName', 'CaseFiles.Correction.LastName', 'off')}
              {field('Phone', 'CaseFiles.Correction.Phone', 'off')}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {t('CaseFiles.Correction.Cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t('CaseFiles.Correction.Busy') : t('CaseFiles.Correction.Save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
