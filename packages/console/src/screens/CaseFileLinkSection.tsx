// The client's access to a case file: whether the PIN login is locked right now (after repeated wrong PINs – perhaps
// by someone else holding a leaked or forwarded link) and, for the file's lawyer, „Neuen Link erstellen“: after a
// confirmation that says what follows (the old link stops working, the client is signed out and needs the new link,
// the PIN stays), the new link and the PIN are shown once with copy buttons, as after creating the file. Focus moves
// to the notice above them (on the section's heading while the request runs), and back to the button when they were
// handed over, the request failed (announced, role="status") or the lawyer cancelled. The request and its answer are core's CaseFileLink use case.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createCaseFileLink, loginLockedUntil, type LawyerCaseFileDetail, type MandateApi } from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import { useStream } from '../workspace/useStream.js';
import { copyWithClipboard, LinkAndPin } from './LinkAndPin.js';
import { LiveNotice } from './LiveNotice.js';

type LockView = Pick<LawyerCaseFileDetail, 'CaseId' | 'LoginLockedUntil'>;

/** The PIN login's lock while it holds at `now` (a lock that ran out since the file was read is not shown). */
export function LoginLockNotice({ detail, now = Date.now }: { readonly detail: LockView; readonly now?: () => number }) {
  const { t } = useTranslation();
  const lockedUntil = loginLockedUntil(detail, now());
  return lockedUntil !== null ? (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="casefile-login-lock">
      {t('CaseFiles.Link.Locked', { until: formatDateTime(lockedUntil) })}
    </Alert>
  ) : (
    <Typography data-testid="casefile-login-lock">{t('CaseFiles.Link.NotLocked')}</Typography>
  );
}

export interface CaseFileLinkSectionProps {
  readonly detail: LockView;
  readonly api: Pick<MandateApi, 'newLink'>;
  /** After a new link: reload the file (the lock is gone). */
  readonly onChanged: (caseFileId: string) => void;
  readonly copyText?: (text: string) => Promise<void>;
  /** The clock the lock is compared with (tests pass a fixed one). */
  readonly now?: () => number;
}

export function CaseFileLinkSection({ detail, api, onChanged, copyText = copyWithClipboard, now = Date.now }: CaseFileLinkSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const renewal = useMemo(() => createCaseFileLink(api), [api]);
  useEffect(() => () => renewal.dispose(), [renewal]);
  const { busy, failed, link, settled } = useStream(renewal.state$, renewal.snapshot());
  // Another file on screen: a link shown for the one before must not stand beside it.
  const caseId = useRef(detail.CaseId);
  useEffect(() => {
    if (caseId.current !== detail.CaseId) renewal.handedOver();
    caseId.current = detail.CaseId;
  }, [detail.CaseId, renewal]);

  // After each answer: reload on success with the focus on the new link's notice, else the focus back on the button.
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (settled === 0) return;
    const answered = renewal.snapshot().link;
    if (answered !== null) {
      changed.current(answered.CaseId);
      notice.current?.focus();
    } else opener.current?.focus();
  }, [settled, renewal]);

  const shown = link !== null && link.CaseId === detail.CaseId ? link : null;
  // Where the focus goes once the dialog has gone (its focus trap holds it until then): back to the button after
  // cancelling; after confirming to the heading while the request runs, else where its answer put it.
  const confirmed = useRef(false);
  const placeFocus = () => {
    const state = renewal.snapshot();
    if (confirmed.current && state.busy) heading.current?.focus();
    else if (confirmed.current && state.link !== null) notice.current?.focus();
    else opener.current?.focus();
  };
  const cancel = () => {
    confirmed.current = false;
    setConfirming(false);
  };
  const handedOver = () => {
    confirmed.current = false;
    renewal.handedOver();
    opener.current?.focus();
  };
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} ref={heading} tabIndex={-1} sx={{ mt: 2 }}>
        {t('CaseFiles.Link.Heading')}
      </Typography>
      <LoginLockNotice detail={detail} now={now} />
      <LiveNotice politeness="polite" regionRole="status" severity="error" sx={{ mt: 1 }}>
        {failed && t('CaseFiles.Link.Failed')}
      </LiveNotice>
      {shown !== null && (
        <>
          <Alert ref={notice} tabIndex={-1} severity="success" sx={{ my: 2 }}>
            {t('CaseFiles.Link.Created')}
          </Alert>
          <LinkAndPin url={shown.Url} pin={shown.Pin} copyText={copyText} testIdPrefix="casefile-new" />
          <Button variant="contained" sx={{ mt: 1 }} onClick={handedOver}>
            {t('CaseFiles.Link.HandedOver')}
          </Button>
        </>
      )}
      <Button ref={opener} variant="outlined" sx={{ mt: 1 }} disabled={busy} onClick={() => setConfirming(true)}>
        {busy ? t('CaseFiles.Link.Busy') : t('CaseFiles.Link.New')}
      </Button>
      {/* The focus is placed by hand: MUI's restore would put it back on the button after the dialog's exit transition,
          which may come after the answer moved it to the new link (and the button is disabled while the request runs). */}
      <Dialog
        open={confirming}
        onClose={cancel}
        disableRestoreFocus
        slotProps={{ transition: { onExited: placeFocus } }}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <DialogTitle id={`${id}-title`}>{t('CaseFiles.Link.ConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{t('CaseFiles.Link.ConfirmText')}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{t('CaseFiles.Link.ConfirmPin')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {/* The old link stops working for good: focus starts on cancelling, and Escape cancels too. */}
          <Button autoFocus onClick={cancel}>
            {t('CaseFiles.Link.Cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              confirmed.current = true;
              setConfirming(false);
              renewal.renew(detail.CaseId);
            }}
          >
            {t('CaseFiles.Link.Confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
