// The firm's answer to one message of the client, under that message in the open case file: the answer once given
// (who, when, the text), else „Antworten“, which opens a small form in place. One answer per message (the server
// refuses a second with 409); the client reads it in the Fallakte and gets a mail without its content. Outcome in a
// polite status region, a refusal in an assertive one; after sending the focus goes to the answer shown, after
// „Abbrechen“ (discarding the text) back to „Antworten“.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { take } from 'rxjs';
import { CONTACT_REPLY_MAX, contactReplyProblem, type LawyerCaseFileContact, type MandateApi } from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import { keepTextDraft, readTextDraft } from './firmMessageDrafts.js';
import { LiveOutcome } from './LiveOutcome.js';
import { MessageText } from './MessageText.js';

export interface ContactReplyProps {
  readonly caseFileId: string;
  readonly contact: LawyerCaseFileContact;
  /** Without it an unanswered message offers no answer (the screen shows the file read-only). */
  readonly api?: Pick<MandateApi, 'replyToContact'>;
  /** After a stored answer: reload the file. */
  readonly onReplied: (caseFileId: string) => void;
}

export function ContactReply({ caseFileId, contact, api, onReplied }: ContactReplyProps) {
  const { t } = useTranslation();
  const id = useId();
  // A half-written answer survives turning to a chat and a reload of the tab (firmMessageDrafts.ts): the form is open
  // again with it, without taking the focus – the lawyer came back to the file, not to this message.
  const [text, setText] = useState(() => readTextDraft({ kind: 'contactReply', caseFileId, contactId: contact.Id }));
  const [open, setOpen] = useState(() => text !== '');
  const [openedHere, setOpenedHere] = useState(false);
  useEffect(() => keepTextDraft({ kind: 'contactReply', caseFileId, contactId: contact.Id }, text), [caseFileId, contact.Id, text]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<LawyerCaseFileContact['Reply'] | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const shown = useRef<HTMLDivElement>(null);
  const answer = contact.Reply ?? sent;
  const tooLong = contactReplyProblem(text) === 'TooLong';

  // The form and its buttons are gone once the answer is sent: the keyboard continues at the answer.
  useEffect(() => {
    if (sent) shown.current?.focus();
  }, [sent]);
  // „Abbrechen“ removes the form: the keyboard continues at „Antworten“, rendered again in its place.
  const refocusOpener = useRef(false);
  useEffect(() => {
    if (open || !refocusOpener.current) return;
    refocusOpener.current = false;
    opener.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !api) return;
    const problem = contactReplyProblem(text);
    if (problem !== null) {
      setFailure(t(problem === 'Required' ? 'CaseFiles.Reply.Required' : 'CaseFiles.Reply.TooLong', { max: CONTACT_REPLY_MAX }));
      return;
    }
    setBusy(true);
    setFailure(null);
    api
      .replyToContact(caseFileId, contact.Id, text)
      .pipe(take(1))
      .subscribe((result) => {
        setBusy(false);
        if (result._tag === 'Left') {
          const error = result.left;
          setFailure(error._tag === 'HttpError' && (error.status === 400 || error.status === 409) ? error.message : t('CaseFiles.Reply.Failed'));
          return;
        }
        setOpen(false);
        setText('');
        setSent(result.right.Reply ?? null);
        onReplied(caseFileId);
      });
  };

  return (
    <Box sx={{ mt: 1, width: '100%' }}>
      {answer ? (
        <Box ref={shown} tabIndex={-1} sx={{ pl: 2, borderLeft: 3, borderColor: 'primary.main' }}>
          <Typography variant="body2">{t('CaseFiles.Reply.Given', { name: answer.By, date: formatDateTime(answer.Created) })}</Typography>
          <MessageText text={answer.Text} italic={false} />
        </Box>
      ) : (
        api &&
        (open ? (
          <Stack component="form" noValidate spacing={1} onSubmit={submit} aria-labelledby={`${id}-label`}>
            <span id={`${id}-label`} hidden>
              {t('CaseFiles.Reply.FormLabel', { subject: contact.Subject })}
            </span>
            <TextField
              label={t('CaseFiles.Reply.Text')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              multiline
              minRows={3}
              autoFocus={openedHere}
              error={tooLong}
              helperText={
                tooLong
                  ? t('CaseFiles.Reply.TooLong', { max: CONTACT_REPLY_MAX })
                  : t('CaseFiles.Reply.Count', { count: text.trim().length, max: CONTACT_REPLY_MAX })
              }
              disabled={busy}
              fullWidth
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? t('CaseFiles.Reply.Busy') : t('CaseFiles.Reply.Send')}
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  refocusOpener.current = true;
                  setOpen(false);
                  setFailure(null);
                  // Cancelled is discarded: the stored draft goes too, so a reload does not open the form again.
                  setText('');
                }}
              >
                {t('CaseFiles.Reply.Cancel')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Button
            ref={opener}
            variant="outlined"
            size="small"
            onClick={() => {
              setOpenedHere(true);
              setOpen(true);
            }}
            aria-label={t('CaseFiles.Reply.OpenLabel', { subject: contact.Subject })}
          >
            {t('CaseFiles.Reply.Open')}
          </Button>
        ))
      )}
      <LiveOutcome success={sent ? t('CaseFiles.Reply.Sent') : null} failure={failure} />
    </Box>
  );
}
