// uebersicht/kontakt: a message to the lawyer; it is mailed to the firm and appears in the history. Below the form the
// client's messages with the firm's answers and the firm's own messages (ContactThreads), read again after each message
// sent. Both fields count down what is left („Noch 200 Zeichen“ under „Betreff“, „Noch 5000 Zeichen“ under the
// message). The confirmation's „Zu Ihrer Nachricht“ moves the focus to that list. „Antworten“ on a message of the firm
// fills an empty subject with „Re: …“ (a typed one stays), moves the focus to the message field and
// sends the message as the answer to it (`InReplyTo`, kept with the draft). Should the server not know that message
// (400 `UnknownFirmMessage`), the link is dropped and the input kept, so a second „Senden“ sends it as a new message.
import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerSubject,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  validateContactForm,
  type AppError,
  type ContactForm,
  type FirmMessage,
} from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { useMarkSeenOnOpen } from '../unread/UnreadNews.js';
import { SaveFailed } from '../SessionEnded.js';
import { useFormDraft } from '../useFormDraft.js';
import { useSubmitRefusal } from '../useSubmitRefusal.js';
import { CONTACT_THREADS_HEADING, ContactThreads } from './ContactThreads.js';
import { Alert, Button, Link, Spinner, TextField } from '../../ui/index.js';

/** The form's fields and the firm's message it answers (its id, '' for none). */
type ContactDraft = ContactForm & { readonly inReplyTo: string };

const EMPTY_CONTACT: ContactDraft = { subject: '', message: '', inReplyTo: '' };

// The sent message is on this page, below the form (on a phone out of sight), where the firm's answer will appear too:
// the confirmation leads there, not away to „Verlauf“, against the page's own „Die Antwort finden Sie hier unter Ihrer
// Nachricht“ (phone walk-through, 2026-12-06). The heading takes the focus: the next Tab and a screen reader go on from
// the list.
const toThreads = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  const heading = document.getElementById(CONTACT_THREADS_HEADING);
  heading?.focus();
  heading?.scrollIntoView?.({ block: 'start' });
};

const isUnknownFirmMessage = (error: AppError) => error._tag === 'HttpError' && error.code === 'UnknownFirmMessage';

export function ContactPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  // Opening the screen is reading what the firm sent there: the badge in the menu and on the overview goes.
  useMarkSeenOnOpen('messages');
  const { content } = useCaseFileServices();
  // What was typed survives a reload and a new login after the session ended (kept in the tab until sent).
  const draft = useFormDraft('contact', EMPTY_CONTACT);
  const { subject, message, inReplyTo } = draft.value;
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [failure, setFailure] = useState<AppError | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const [answering, setAnswering] = useState<string | null>(null);
  const refusal = useSubmitRefusal();
  // Nothing typed since the last message went: a second tap of a double tap on „Nachricht senden“ that reaches the
  // emptied form (the answer came within the tap's pause) would refuse it – „Bitte geben Sie einen Betreff ein.“ under
  // „Ihre Nachricht wurde gesendet.“, the focus pulled up to the subject. Such a send is ignored.
  const untouchedSinceSent = useRef(false);
  const errors = validateContactForm({ subject, message });
  // Too long is said while typing (a pasted text), not only after „Senden“: no maxLength, which cut a pasted subject
  // silently and sent it ending mid-word (outside tester).
  const shows = (field: 'subject' | 'message') => errors[field] !== undefined && (submitted || errors[field]?.endsWith('TooLong') === true);

  // The subject is the firm's with „Re: “; what the client typed into the message stays. Said in the status region, as
  // the focus lands on the message field below the prefilled subject.
  // A subject the client typed for a new message stays (it was overwritten with „Re: …“); only an empty one or the
  // „Re: …“ of an earlier „Antworten“ takes the answered message's.
  const answer = (firmMessage: FirmMessage) => {
    const typed = subject.trim() !== '' && !(inReplyTo !== '' && subject.startsWith('Re: '));
    const subjectOfAnswer = typed ? subject : answerSubject(firmMessage.Subject);
    draft.setValue((f) => ({ ...f, subject: subjectOfAnswer, inReplyTo: firmMessage.Id }));
    setStatus('idle');
    setAnswering(subjectOfAnswer);
    document.getElementById('contact-message')?.focus();
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sent' && untouchedSinceSent.current) return;
    setSubmitted(true);
    if (errors.subject) return refusal.focusFirstWrong('subject', document.getElementById('contact-subject'));
    if (errors.message) return refusal.focusFirstWrong('message', document.getElementById('contact-message'));
    if (status === 'sending') return;
    setStatus('sending');
    setFailure(null);
    const request = { Subject: subject.trim(), Message: message.trim(), ...(inReplyTo ? { InReplyTo: inReplyTo } : {}) };
    content.sendContact(token, request).subscribe((result) => {
      if (result._tag === 'Right') {
        setStatus('sent');
        untouchedSinceSent.current = true;
        setAnswering(null);
        setSentCount((n) => n + 1);
        draft.discard();
        draft.setValue(EMPTY_CONTACT);
        setSubmitted(false);
      } else {
        setStatus('failed');
        setFailure(result.left);
        if (isUnknownFirmMessage(result.left)) {
          setAnswering(null);
          draft.setValue((f) => ({ ...f, inReplyTo: '' }));
        }
      }
    });
  };

  return (
    <>
      <PageHeading>{t('CaseFile.Contact.Title')}</PageHeading>
      <p className="ui-text ui-mb-3">{t('CaseFile.Contact.Intro')}</p>
      <div role="status" aria-live="polite">
        {answering !== null && status !== 'sent' && <p className="ui-text ui-mb-2">{t('CaseFile.Contact.Answering', { subject: answering })}</p>}
        {status === 'sent' && (
          <Alert severity="success" className="ui-mb-2">
            <p className="ui-text">{t('CaseFile.Contact.Sent')}</p>
            {/* On its own line as a 44 px touch target: inline after the sentence it was 17 px high (phone tester). */}
            <Link href={`#${CONTACT_THREADS_HEADING}`} onClick={toThreads} standalone>
              {t('CaseFile.Contact.ToThreads')}
            </Link>
          </Alert>
        )}
      </div>
      <div aria-live="assertive">
        <SaveFailed
          error={status === 'failed' ? failure : null}
          messageKey={failure !== null && isUnknownFirmMessage(failure) ? 'CaseFile.Contact.AnswerUnknown' : 'CaseFile.Contact.Failed'}
          inputKept
        />
      </div>
      <form
        noValidate
        onSubmit={send}
        onChange={() => {
          untouchedSinceSent.current = false;
          refusal.onChange();
        }}
        className="casefile-form"
      >
        <TextField
          id="contact-subject"
          label={t('CaseFile.Contact.Subject')}
          required
          value={subject}
          onChange={(e) => draft.setValue((f) => ({ ...f, subject: e.target.value }))}
          error={shows('subject')}
          helperText={
            refusal.errorText('subject', shows('subject') && errors.subject ? t(errors.subject) : null) ??
            t('CaseFile.Contact.Remaining', { count: CONTACT_SUBJECT_MAX - subject.length })
          }
        />
        <TextField
          id="contact-message"
          label={t('CaseFile.Contact.Message')}
          required
          multiline
          minRows={6}
          value={message}
          onChange={(e) => draft.setValue((f) => ({ ...f, message: e.target.value }))}
          error={shows('message')}
          helperText={
            refusal.errorText('message', shows('message') && errors.message ? t(errors.message) : null) ??
            t('CaseFile.Contact.Remaining', { count: CONTACT_MESSAGE_MAX - message.length })
          }
        />
        <div>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's start, and after
              sending the next Tab would begin at the top again. send() ignores a second press while sending. */}
          <Button
            type="submit"
            variant="contained"
            aria-disabled={status === 'sending' || undefined}
            startIcon={status === 'sending' ? <Spinner size={18} /> : null}
          >
            {t('CaseFile.Contact.Send')}
          </Button>
        </div>
      </form>
      <ContactThreads token={token} reload={sentCount} onAnswer={answer} />
    </>
  );
}
