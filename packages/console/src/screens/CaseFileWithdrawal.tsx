// „Fallakte zurückziehen“ for a case file created by mistake (from the wrong chat, a duplicate): a short section that says
// when it is possible – only while the client has never signed in – and a dialog that asks for the reason. The dialog is
// labelled by its question, traps the focus (MUI), starts in the reason field, and Escape or „Abbrechen“ cancel. A reason
// to correct is said beside the field and takes the focus back there; a refusal that no retry changes (the client has
// signed in, the file is already withdrawn) leaves only „Schließen“. After the withdrawal the file leaves the screen and
// WithdrawnNotice says so in the list. The request and its outcome are core's CaseFileWithdrawal use case.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  createCaseFileWithdrawal,
  WITHDRAWAL_REASON_MAX,
  type LawyerCaseFileDetail,
  type MandateApi,
  type WithdrawalRefusal,
  type WithdrawnCaseFile,
} from '@rechtschat/core';
import { useStream } from '../workspace/useStream.js';
import { FocusedNotice } from './FocusedNotice.js';
import { useRefocusWhenEnabled } from './useRefocusWhenEnabled.js';
import { LiveNotice } from './LiveNotice.js';

export interface CaseFileWithdrawalProps {
  readonly detail: Pick<LawyerCaseFileDetail, 'CaseId' | 'CaseNumber'>;
  readonly api: Pick<MandateApi, 'withdraw'>;
  /** After the withdrawal: the file leaves the screen and the list. */
  readonly onWithdrawn: (withdrawn: WithdrawnCaseFile) => void;
}

/** Refusals about the reason: the field says them and the lawyer corrects it. */
const aboutReason = (refusal: WithdrawalRefusal | null) => refusal === 'ReasonRequired' || refusal === 'ReasonTooLong';
/** Refusals that no retry changes: only „Schließen“ is left. */
const final = (refusal: WithdrawalRefusal | null) => refusal === 'InUse' || refusal === 'AlreadyWithdrawn';

export function CaseFileWithdrawal({ detail, api, onWithdrawn }: CaseFileWithdrawalProps) {
  const { t } = useTranslation();
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const withdrawal = useMemo(() => createCaseFileWithdrawal(api), [api]);
  useEffect(() => () => withdrawal.dispose(), [withdrawal]);
  const { busy, refusal, settled } = useStream(withdrawal.state$, withdrawal.snapshot());
  useRefocusWhenEnabled(confirmButton, busy);

  const withdrawn = useRef(onWithdrawn);
  withdrawn.current = onWithdrawn;
  useEffect(() => {
    if (settled === 0) return;
    const answer = withdrawal.snapshot();
    if (answer.withdrawn !== null) {
      setOpen(false);
      withdrawn.current(answer.withdrawn);
    } else if (aboutReason(answer.refusal)) reasonInput.current?.focus();
    else if (final(answer.refusal)) closeButton.current?.focus();
  }, [settled, withdrawal]);

  const start = () => {
    setReason('');
    withdrawal.reset();
    setOpen(true);
  };
  // Back to the button the dialog came from (also when it was clicked, which leaves no focus to restore in some browsers).
  const cancel = () => {
    if (busy) return;
    setOpen(false);
    opener.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withdrawal.withdraw(detail.CaseId, reason);
  };
  const refusalText = refusal === null ? null : t(`CaseFiles.Withdraw.Refused.${refusal}`, { max: WITHDRAWAL_REASON_MAX });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} sx={{ mt: 2 }}>
        {t('CaseFiles.Withdraw.Heading')}
      </Typography>
      <Typography>{t('CaseFiles.Withdraw.Info')}</Typography>
      <Button ref={opener} variant="outlined" color="error" sx={{ mt: 1 }} onClick={start}>
        {t('CaseFiles.Withdraw.Open')}
      </Button>
      <Dialog open={open} onClose={cancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
        <form noValidate onSubmit={submit}>
          <DialogTitle id={`${id}-title`}>{t('CaseFiles.Withdraw.Title', { number: detail.CaseNumber })}</DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-text`}>{t('CaseFiles.Withdraw.Text')}</DialogContentText>
            <LiveNotice politeness="assertive" severity={final(refusal) ? 'warning' : 'error'} sx={{ mt: 2 }}>
              {refusalText !== null && !aboutReason(refusal) && refusalText}
            </LiveNotice>
            {!final(refusal) && (
              <TextField
                label={t('CaseFiles.Withdraw.Reason')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required
                autoFocus
                fullWidth
                autoComplete="off"
                inputRef={reasonInput}
                error={aboutReason(refusal)}
                helperText={aboutReason(refusal) ? refusalText : t('CaseFiles.Withdraw.ReasonHelp', { max: WITHDRAWAL_REASON_MAX })}
                slotProps={{ htmlInput: { maxLength: WITHDRAWAL_REASON_MAX } }}
                sx={{ mt: 2 }}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button ref={closeButton} onClick={cancel} disabled={busy}>
              {final(refusal) ? t('CaseFiles.Withdraw.Close') : t('CaseFiles.Withdraw.Cancel')}
            </Button>
            {!final(refusal) && (
              // MUI's error red passes WCAG AA contrast with white (its warning orange does not).
              <Button ref={confirmButton} type="submit" variant="contained" color="error" disabled={busy}>
                {busy ? t('CaseFiles.Withdraw.Busy') : t('CaseFiles.Withdraw.Confirm')}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </section>
  );
}

/**
 * In the list after a withdrawal: the file is gone, so the keyboard focus (which was in the closed file) continues on
 * this notice, and a screen reader reads it.
 */
export function WithdrawnNotice({ withdrawn }: { readonly withdrawn: WithdrawnCaseFile }) {
  const { t } = useTranslation();
  return <FocusedNotice text={t('CaseFiles.Withdraw.Done', { number: withdrawn.CaseNumber })} />;
}
