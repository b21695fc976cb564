// uebersicht/kontakt: a message to the lawyer; it is mailed to the firm and appears in the history.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX, overviewPath, validateContactForm } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { Alert, Button, RouterLink, Spinner, TextField } from '../../ui/index.js';

export function ContactPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const errors = validateContactForm({ subject, message });

  const send = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.subject) return document.getElementById('contact-subject')?.focus();
    if (errors.message) return document.getElementById('contact-message')?.focus();
    if (status === 'sending') return;
    setStatus('sending');
    content.sendContact(token, { Subject: subject.trim(), Message: message.trim() }).subscribe((result) => {
      if (result._tag === 'Right') {
        setStatus('sent');
        setSubject('');
        setMessage('');
        setSubmitted(false);
      } else setStatus('failed');
    });
  };

  return (
    <>
      <PageHeading>{t('CaseFile.Contact.Title')}</PageHeading>
      <p className="ui-text ui-mb-3">{t('CaseFile.Contact.Intro')}</p>
      <div role="status" aria-live="polite">
        {status === 'sent' && (
          <Alert severity="success" className="ui-mb-2">
            {t('CaseFile.Contact.Sent')} <RouterLink to={`${overviewPath(token)}/verlauf`}>{t('CaseFile.Contact.ToHistory')}</RouterLink>
          </Alert>
        )}
      </div>
      <div aria-live="assertive">
        {status === 'failed' && (
          <Alert severity="error" className="ui-mb-2">
            {t('CaseFile.Contact.Failed')}
          </Alert>
        )}
      </div>
      <form noValidate onSubmit={send} className="casefile-form">
        <TextField
          id="contact-subject"
          label={t('CaseFile.Contact.Subject')}
          required
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={submitted && errors.subject !== undefined}
          helperText={submitted && errors.subject ? t(errors.subject) : null}
          maxLength={CONTACT_SUBJECT_MAX}
        />
        <TextField
          id="contact-message"
          label={t('CaseFile.Contact.Message')}
          required
          multiline
          minRows={6}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={submitted && errors.message !== undefined}
          helperText={submitted && errors.message ? t(errors.message) : t('CaseFile.Contact.Remaining', { count: CONTACT_MESSAGE_MAX - message.length })}
          maxLength={CONTACT_MESSAGE_MAX}
        />
        <div>
          <Button type="submit" variant="contained" disabled={status === 'sending'} startIcon={status === 'sending' ? <Spinner size={18} /> : null}>
            {t('CaseFile.Contact.Send')}
          </Button>
        </div>
      </form>
    </>
  );
}
