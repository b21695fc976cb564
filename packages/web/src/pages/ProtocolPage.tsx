// /protokoll: the participant requests the PDF transcript of a case by e-mail
// (POST /api/chat/protocol/{caseId}). The contract has no direct transcript download, so a signed-in
// participant gets the case number filled in from the session; `?caseId=` (kept by the /p redirect) also fills it.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { validateEmail } from '@rechtschat/core';
import { useInjection } from '../app/ContainerContext.js';
import { ProductApiToken } from '../app/tokens.js';
import { useCallResult } from '../app/useCallResult.js';
import { chatScreenDe } from '../chat/screen/i18n.de.js';
import { protocolDe } from '../i18n/de-DE/protocol.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';

type SubmitState = { readonly kind: 'idle' } | { readonly kind: 'sending' } | { readonly kind: 'sent'; readonly email: string } | { readonly kind: 'failed'; readonly message: string };

/** The page's own texts; core's e-mail validation keys are texts of the chat screen (namespace `chat`). */
const PROTOCOL_TEXTS = [
  ['common', protocolDe],
  ['chat', chatScreenDe],
] as const;

export function ProtocolPage() {
  useTexts(PROTOCOL_TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const [search] = useSearchParams();
  const [userCall] = useState(() => productApi.getCurrentUser());
  const user = useCallResult(userCall);
  const sessionCaseId = user.status === 'done' && user.result._tag === 'Right' ? (user.result.right?.CaseId ?? null) : null;
  const [caseIdInput, setCaseId] = useState(search.get('caseId') ?? '');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ caseId?: string; email?: string }>({});
  const [submit, setSubmit] = useState<SubmitState>({ kind: 'idle' });
  const caseId = sessionCaseId ?? caseIdInput.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateEmail(email);
    const nextErrors = { caseId: caseId === '' ? t('Protocol.CaseIdRequired') : undefined, email: checked.ok ? undefined : t(checked.errorKey, { ns: 'chat' }) };
    setErrors(nextErrors);
    if (!checked.ok || nextErrors.caseId) return;
    setSubmit({ kind: 'sending' });
    productApi.sendProtocol(caseId, checked.value).subscribe((result) =>
      setSubmit(result._tag === 'Right' ? { kind: 'sent', email: checked.value } : { kind: 'failed', message: result.left._tag === 'HttpError' ? result.left.message : t('Error.Network') }),
    );
  };

  return (
    <>
      <PageHeading>{t('Protocol.Title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{sessionCaseId ? t('Protocol.SignedInIntro') : t('Protocol.Intro')}</Typography>
      {submit.kind === 'sent' ? (
        <Alert severity="success" role="status">
          {t('Protocol.Sent', { email: submit.email })}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
          {!sessionCaseId && (
            <TextField
              id="protocol-case-id"
              label={t('Protocol.CaseId')}
              value={caseIdInput}
              onChange={(e) => setCaseId(e.target.value)}
              error={Boolean(errors.caseId)}
              helperText={errors.caseId ?? t('Protocol.CaseIdHint')}
              required
              autoComplete="off"
            />
          )}
          <TextField
            id="protocol-email"
            type="email"
            label={t('Protocol.Email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email}
            required
            autoComplete="email"
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          {submit.kind === 'failed' && (
            <Alert severity="error" role="alert">
              {t('Protocol.Failed')} {submit.message}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={submit.kind === 'sending'} sx={{ justifySelf: 'start' }}>
            {t('Protocol.Submit')}
          </Button>
        </Box>
      )}
    </>
  );
}
