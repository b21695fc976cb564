// „Fallakte übergeben“: the file's lawyer hands the file on screen over to an active colleague of the firm (a specialist
// takes over, a long leave), with an optional note only the colleague reads. The dialog is labelled by its title, traps
// the focus (MUI), starts in the colleague's choice, and Escape or „Abbrechen“ cancel. A choice or note to correct is said
// beside its field and takes the focus back there; a refusal that no retry changes (the file is no longer the lawyer's)
// leaves only „Schließen“. After the hand-over the file leaves the screen and HandedOverNotice says so in the list. The
// colleague then reads who handed it over, when, and the note (HandOverReceived). The requests and their outcome are
// core's CaseFileHandOver use case.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
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
  createCaseFileHandOver,
  HANDOVER_NOTE_MAX,
  type HandedOverCaseFile,
  type HandOverRefusal,
  type LawyerCaseFileDetail,
  type MandateApi,
} from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import { useStream } from '../workspace/useStream.js';
import { FocusedNotice } from './FocusedNotice.js';
import { useRefocusWhenEnabled } from './useRefocusWhenEnabled.js';
import { LiveNotice } from './LiveNotice.js';

export interface CaseFileHandOverProps {
  readonly detail: Pick<LawyerCaseFileDetail, 'CaseId' | 'CaseNumber'>;
  readonly api: Pick<MandateApi, 'colleagues' | 'handOver'>;
  /** After the hand-over: the file leaves the screen and the list. */
  readonly onHandedOver: (handedOver: HandedOverCaseFile) => void;
}

/** Refusals about the choice: the select says them and the lawyer chooses again. */
const aboutChoice = (refusal: HandOverRefusal | null) => refusal === 'ChooseColleague' || refusal === 'UnknownColleague' || refusal === 'SameLawyer';
/** Refusals that no retry changes: only „Schließen“ is left. */
const final = (refusal: HandOverRefusal | null) => refusal === 'Gone';

export function CaseFileHandOver({ detail, api, onHandedOver }: CaseFileHandOverProps) {
  const { t } = useTranslation();
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const colleagueSelect = useRef<HTMLSelectElement>(null);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [colleagueId, setColleagueId] = useState('');
  const [note, setNote] = useState('');
  const handOver = useMemo(() => createCaseFileHandOver(api), [api]);
  useEffect(() => () => handOver.dispose(), [handOver]);
  const { busy, refusal, settled, colleagues, colleaguesFailed } = useStream(handOver.state$, handOver.snapshot());
  useRefocusWhenEnabled(confirmButton, busy);

  const done = useRef(onHandedOver);
  done.current = onHandedOver;
  useEffect(() => {
    if (settled === 0) return;
    const answer = handOver.snapshot();
    if (answer.handedOver !== null) {
      setOpen(false);
      done.current(answer.handedOver);
    } else if (aboutChoice(answer.refusal)) colleagueSelect.current?.focus();
    else if (answer.refusal === 'NoteTooLong') noteInput.current?.focus();
    else if (final(answer.refusal)) closeButton.current?.focus();
  }, [settled, handOver]);

  // The choice is disabled until the colleagues are read: then the focus starts there (autoFocus found it disabled).
  const choosable = open && colleagues !== null && colleagues.length > 0;
  useEffect(() => {
    if (choosable) colleagueSelect.current?.focus();
  }, [choosable]);

  const start = () => {
    setColleagueId('');
    setNote('');
    handOver.start();
    setOpen(true);
  };
  const cancel = () => {
    if (busy) return;
    setOpen(false);
    opener.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    handOver.handOver(detail.CaseId, colleagueId, note);
  };
  const refusalText = refusal === null ? null : t(`CaseFiles.HandOver.Refused.${refusal}`, { max: HANDOVER_NOTE_MAX });
  const choiceHelp =
    colleagues === null
      ? t(colleaguesFailed ? 'CaseFiles.HandOver.ColleaguesFailed' : 'CaseFiles.HandOver.LoadingColleagues')
      : colleagues.length === 0
        ? t('CaseFiles.HandOver.NoColleagues')
        : ' ';

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} sx={{ mt: 2 }}>
        {t('CaseFiles.HandOver.Heading')}
      </Typography>
      <Typography>{t('CaseFiles.HandOver.Info')}</Typography>
      <Button ref={opener} variant="outlined" sx={{ mt: 1 }} onClick={start}>
        {t('CaseFiles.HandOver.Open')}
      </Button>
      <Dialog open={open} onClose={cancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
        <form noValidate onSubmit={submit}>
          <DialogTitle id={`${id}-title`}>{t('CaseFiles.HandOver.Title', { number: detail.CaseNumber })}</DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-text`}>{t('CaseFiles.HandOver.Text')}</DialogContentText>
            <LiveNotice politeness="assertive" severity={final(refusal) ? 'warning' : 'error'} sx={{ mt: 2 }}>
              {refusalText !== null && !aboutChoice(refusal) && refusal !== 'NoteTooLong' && refusalText}
            </LiveNotice>
            {!final(refusal) && (
              <>
                <TextField
                  select
                  label={t('CaseFiles.HandOver.Colleague')}
                  value={colleagueId}
                  onChange={(event) => setColleagueId(event.target.value)}
                  required
                  autoFocus
                  fullWidth
                  inputRef={colleagueSelect}
                  disabled={colleagues === null || colleagues.length === 0}
                  error={aboutChoice(refusal)}
                  helperText={aboutChoice(refusal) ? refusalText : choiceHelp}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  sx={{ mt: 2 }}
                >
                  <option value="">{t('CaseFiles.HandOver.ChooseOption')}</option>
                  {(colleagues ?? []).map((colleague) => (
                    <option key={colleague.Id} value={colleague.Id}>
                      {colleague.Name}
                    </option>
                  ))}
                </TextField>
                <TextField
                  label={t('CaseFiles.HandOver.Note')}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  multiline
                  minRows={2}
                  fullWidth
                  autoComplete="off"
                  inputRef={noteInput}
                  error={refusal === 'NoteTooLong'}
                  helperText={refusal === 'NoteTooLong' ? refusalText : t('CaseFiles.HandOver.NoteHelp', { max: HANDOVER_NOTE_MAX })}
                  slotProps={{ htmlInput: { maxLength: HANDOVER_NOTE_MAX } }}
                  sx={{ mt: 2 }}
                />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button ref={closeButton} onClick={cancel} disabled={busy}>
              {final(refusal) ? t('CaseFiles.HandOver.Close') : t('CaseFiles.HandOver.Cancel')}
            </Button>
            {!final(refusal) && (
              <Button ref={confirmButton} type="submit" variant="contained" disabled={busy}>
                {busy ? t('CaseFiles.HandOver.Busy') : t('CaseFiles.HandOver.Confirm')}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </section>
  );
}

/** In the list after a hand-over: the keyboard focus (which was in the closed file) continues here, and a screen reader reads it. */
export function HandedOverNotice({ handedOver }: { readonly handedOver: HandedOverCaseFile }) {
  const { t } = useTranslation();
  return <FocusedNotice text={t('CaseFiles.HandOver.Done', { number: handedOver.CaseNumber, name: handedOver.LawyerName })} />;
}

/**
 * In the list after the open file was found gone on a re-read: handed over or withdrawn in another tab, on another
 * device or by an administrator (core's `caseFileLeft`). Which of them is not known here.
 */
export function CaseFileLeftNotice({ caseNumber }: { readonly caseNumber: string }) {
  const { t } = useTranslation();
  return <FocusedNotice severity="info" text={t('CaseFiles.LeftElsewhere', { number: caseNumber })} />;
}

/** For the lawyer who received the file: who handed it over, when, and their note. */
export function HandOverReceived({ detail }: { readonly detail: Pick<LawyerCaseFileDetail, 'HandedOver'> }) {
  const { t } = useTranslation();
  if (!detail.HandedOver) return null;
  const { From, At, Note } = detail.HandedOver;
  return (
    <Alert severity="info" sx={{ mt: 1 }}>
      {t('CaseFiles.HandOver.Received', { name: From, date: formatDateTime(At) })}
      {Note !== null && <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{t('CaseFiles.HandOver.ReceivedNote', { note: Note })}</Typography>}
    </Alert>
  );
}
