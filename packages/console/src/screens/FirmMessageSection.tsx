// „Nachricht an Mandant/in schreiben“: the file's lawyer starts a conversation in the client's Fallakte, e.g. to ask for
// a missing document (POST …/messages). Subject and text follow core's firmMessageProblems, the server's rule; a field
// that breaks it says why in German and takes the focus on „Nachricht senden“. The client reads the message under
// „Kontaktieren Sie uns“ and gets a mail without its content. Outcome in a polite status region, a refusal in an
// assertive one; after sending the form is empty and the keyboard stays on the subject for the next message. In the
// file's list a client's answer to one of these messages names it and links to it (AnswerToFirmMessage).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { take } from 'rxjs';
import {
  CONTACT_REPLY_MAX,
  CONTACT_SUBJECT_MAX,
  firmMessageProblems,
  type FirmMessage,
  type FirmMessageProblems,
  type MandateApi,
  type RepliedFirmMessage,
} from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import { keepFirmMessageDraft, readFirmMessageDraft } from './firmMessageDrafts.js';
import { LiveOutcome } from './LiveOutcome.js';
import { MessageText } from './MessageText.js';

export interface FirmMessageSectionProps {
  readonly caseFileId: string;
  readonly api: Pick<MandateApi, 'writeToClient'>;
  /** After a stored message: reload the file (its messages). */
  readonly onSent: (caseFileId: string) => void;
}

type Outcome = { readonly kind: 'sent'; readonly subject: string } | { readonly kind: 'failed'; readonly message: string } | null;

export function FirmMessageSection({ caseFileId, api, onSent }: FirmMessageSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  // What was typed survives turning to a chat and a reload of the tab (firmMessageDrafts.ts).
  const [draft] = useState(() => readFirmMessageDraft(caseFileId));
  const [subject, setSubject] = useState(draft.subject);
  const [text, setText] = useState(draft.text);
  useEffect(() => keepFirmMessageDraft(caseFileId, { subject, text }), [caseFileId, subject, text]);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const subjectField = useRef<HTMLInputElement>(null);
  const textField = useRef<HTMLTextAreaElement>(null);
  const problems: FirmMessageProblems = firmMessageProblems({ subject, text });
  // Too long is said while typing (a pasted text); missing only after „Nachricht senden“.
  const shown = (field: keyof FirmMessageProblems) => (checked || problems[field] === 'TooLong' ? problems[field] : undefined);
  const subjectProblem = shown('subject');
  const textProblem = shown('text');

  // Once the fields are enabled again after sending: the keyboard continues at the subject, ready for the next message.
  useEffect(() => {
    if (outcome?.kind === 'sent') subjectField.current?.focus();
  }, [outcome]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (problems.subject) return subjectField.current?.focus();
    if (problems.text) return textField.current?.focus();
    setBusy(true);
    setOutcome(null);
    api
      .writeToClient(caseFileId, { Subject: subject, Text: text })
      .pipe(take(1))
      .subscribe((result) => {
        setBusy(false);
        if (result._tag === 'Left') {
          const error = result.left;
          setOutcome({ kind: 'failed', message: error._tag === 'HttpError' && error.status === 400 ? error.message : t('CaseFiles.Message.Failed') });
          return;
        }
        setOutcome({ kind: 'sent', subject: result.right.Subject });
        // Also when the lawyer turned elsewhere while it was on its way: a sent message is no draft.
        keepFirmMessageDraft(caseFileId, { subject: '', text: '' });
        setSubject('');
        setText('');
        setChecked(false);
        onSent(caseFileId);
      });
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} sx={{ mt: 2 }}>
        {t('CaseFiles.Message.Heading')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('CaseFiles.Message.Intro')}</Typography>
      <Stack component="form" noValidate spacing={1} onSubmit={submit} aria-labelledby={`${id}-heading`} sx={{ mt: 1, maxWidth: 640 }}>
        <TextField
          label={t('CaseFiles.Message.Subject')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          inputRef={subjectField}
          required
          error={subjectProblem !== undefined}
          helperText={
            subjectProblem === 'Required'
              ? t('CaseFiles.Message.SubjectRequired')
              : subjectProblem === 'TooLong'
                ? t('CaseFiles.Message.SubjectTooLong', { max: CONTACT_SUBJECT_MAX })
                : undefined
          }
          disabled={busy}
          fullWidth
        />
        <TextField
          label={t('CaseFiles.Message.Text')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          inputRef={textField}
          required
          multiline
          minRows={4}
          error={textProblem !== undefined}
          helperText={
            textProblem === 'Required'
              ? t('CaseFiles.Message.TextRequired')
              : textProblem === 'TooLong'
                ? t('CaseFiles.Message.TextTooLong', { max: CONTACT_REPLY_MAX })
                : t('CaseFiles.Message.Count', { count: text.trim().length, max: CONTACT_REPLY_MAX })
          }
          disabled={busy}
          fullWidth
        />
        <div>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('CaseFiles.Message.Busy') : t('CaseFiles.Message.Send')}
          </Button>
        </div>
      </Stack>
      <LiveOutcome
        success={outcome?.kind === 'sent' ? t('CaseFiles.Message.Sent', { subject: outcome.subject }) : null}
        failure={outcome?.kind === 'failed' ? outcome.message : null}
      />
    </section>
  );
}

/** The anchor of a firm message in the file's list, which a client's answer links to. */
const firmMessageAnchor = (messageId: string) => `firm-message-${messageId}`;

/**
 * A message the firm started, in the file's list of messages: subject, who wrote it and when, the text. Focusable by
 * script only, so the link of an answer to it takes the keyboard there.
 */
export function FirmMessageItem({ message }: { readonly message: FirmMessage }) {
  const { t } = useTranslation();
  return (
    <Box id={firmMessageAnchor(message.Id)} tabIndex={-1} sx={{ pl: 2, borderLeft: 3, borderColor: 'primary.main' }}>
      <Typography>{message.Subject}</Typography>
      <Typography variant="body2">{t('CaseFiles.Message.Written', { name: message.By, date: formatDateTime(message.Created) })}</Typography>
      <MessageText text={message.Text} italic={false} />
    </Box>
  );
}

/**
 * Above a client's message that answers a message of the firm: „Antwort auf Ihre Nachricht „…“ vom …“, a link to that
 * message in the same list when it is there (`listed`).
 */
export function AnswerToFirmMessage({ answered, listed }: { readonly answered: RepliedFirmMessage; readonly listed: boolean }) {
  const { t } = useTranslation();
  const text = t('CaseFiles.Message.AnswerTo', { subject: answered.Subject, date: formatDateTime(answered.Created) });
  return <Typography variant="body2">{listed ? <Link href={`#${firmMessageAnchor(answered.Id)}`}>{text}</Link> : text}</Typography>;
}
