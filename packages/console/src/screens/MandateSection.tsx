// The mandate of one case file: open (button "Mandat beenden" with a confirmation that names the deletion date, § 50
// Abs. 1 BRAO) or ended ("Mandat beendet am …, Löschung ab …" and "Mandat wieder eröffnen"). The result is announced
// (role="status"); focus returns to the section heading, since the button the dialog came from is replaced. The
// requests and their outcome are core's Mandate use case.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { caseFileRetentionUntil, createMandate, type LawyerCaseFileDetail, type MandateApi } from '@rechtschat/core';
import { formatDate } from '../i18n/i18n.js';
import { useStream } from '../workspace/useStream.js';
import { LiveNotice } from './LiveNotice.js';

type MandateView = Pick<LawyerCaseFileDetail, 'CaseId' | 'Closed' | 'ClosedAt' | 'RetentionUntil'>;

export interface MandateSectionProps {
  readonly detail: MandateView;
  readonly api: Pick<MandateApi, 'endMandate' | 'reopenMandate'>;
  /** After a change: reload the file and the list. */
  readonly onChanged: (caseFileId: string) => void;
  /** The clock for the deletion date shown before ending (tests pass a fixed one). */
  readonly now?: () => number;
}

export function MandateSection({ detail, api, onChanged, now = Date.now }: MandateSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const mandate = useMemo(() => createMandate(api), [api]);
  useEffect(() => () => mandate.dispose(), [mandate]);
  const { busy, outcome, answered, settled } = useStream(mandate.state$, mandate.snapshot());
  // The server's answer until the reloaded file arrives; a new file (or its reload) replaces it.
  useEffect(() => mandate.forgetAnswer(), [detail, mandate]);
  const shown: MandateView = answered !== null && answered.CaseId === detail.CaseId ? answered : detail;

  // After each answer: reload on success, and the focus to the heading either way.
  const caseId = useRef(detail.CaseId);
  caseId.current = detail.CaseId;
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (settled === 0) return;
    if (mandate.snapshot().outcome !== 'failed') changed.current(caseId.current);
    heading.current?.focus();
  }, [settled, mandate]);

  const change = (run: (caseFileId: string) => void) => {
    setConfirming(false);
    run(detail.CaseId);
  };

  const deletion = shown.Closed && shown.RetentionUntil ? formatDate(shown.RetentionUntil) : formatDate(caseFileRetentionUntil(now()));
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} ref={heading} tabIndex={-1} sx={{ mt: 2 }}>
        {t('CaseFiles.Mandate')}
      </Typography>
      {shown.Closed && shown.ClosedAt ? (
        <Typography data-testid="mandate-state">{t('CaseFiles.MandateEndedInfo', { closed: formatDate(shown.ClosedAt), deletion })}</Typography>
      ) : (
        <Typography data-testid="mandate-state">{t('CaseFiles.MandateOpenInfo')}</Typography>
      )}
      <LiveNotice politeness="polite" regionRole="status" severity={outcome === 'failed' ? 'error' : 'success'} sx={{ mt: 1 }}>
        {outcome !== null &&
          t(outcome === 'failed' ? 'CaseFiles.MandateFailed' : outcome === 'ended' ? 'CaseFiles.MandateEndedDone' : 'CaseFiles.MandateReopenedDone')}
      </LiveNotice>
      {shown.Closed ? (
        <Button variant="outlined" sx={{ mt: 1 }} disabled={busy} onClick={() => change(mandate.reopen)}>
          {busy ? t('CaseFiles.MandateBusy') : t('CaseFiles.ReopenMandate')}
        </Button>
      ) : (
        <Button variant="outlined" color="error" sx={{ mt: 1 }} disabled={busy} onClick={() => setConfirming(true)}>
          {busy ? t('CaseFiles.MandateBusy') : t('CaseFiles.EndMandate')}
        </Button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <DialogTitle id={`${id}-title`}>{t('CaseFiles.EndMandateTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{t('CaseFiles.EndMandateText', { deletion })}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{t('CaseFiles.EndMandateClient')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {/* Ending is the weighty choice: focus starts on cancelling, and Escape cancels too. MUI's warning orange
              fails WCAG AA contrast (about 3:1 with white), its error red passes (about 5:1). */}
          <Button autoFocus onClick={() => setConfirming(false)}>
            {t('CaseFiles.EndMandateCancel')}
          </Button>
          <Button variant="contained" color="error" onClick={() => change(mandate.end)}>
            {t('CaseFiles.EndMandateConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
