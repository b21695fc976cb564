// /protokoll: the signed-in participant downloads the PDF protocol
// of one of their cases by the reference printed on the PDFs (RC-…). Everybody else gets a German
// page that says how to get there. `/protokoll/RC-…` and `?reference=` fill the field in; without
// them the participant's latest case is suggested.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteParams, useSearchParams } from '../routing/hooks.js';
import { caseReferenceOf, normalizeCaseReference } from '@rechtschat/core';
import { useInjection } from '../app/ContainerContext.js';
import { ProductApiToken } from '../app/tokens.js';
import { useCallResult } from '../app/useCallResult.js';
import { saveBlob } from '../chat/screen/saveBlob.js';
import { protocolDe } from '../i18n/de-DE/protocol.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Alert, Button, TextField } from '../ui/index.js';
import './pages.css';

type DownloadState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'done'; readonly reference: string }
  | { readonly kind: 'failed'; readonly messageKey: string }
  | { readonly kind: 'signedOut' };

const PROTOCOL_TEXTS = [['common', protocolDe]] as const;

function SignedOut() {
  const { t } = useTranslation('common');
  return (
    <Alert severity="info" className="page-signed-out">
      <h2 className="ui-alert__title">{t('Protocol.SignedOutTitle')}</h2>
      <p className="ui-text ui-mb-1">{t('Protocol.SignedOut')}</p>
      <p className="ui-text ui-mb-2">{t('Protocol.SignedOutMail')}</p>
      <Button to="/chat" variant="contained">
        {t('Protocol.ToChat')}
      </Button>
    </Alert>
  );
}

export function ProtocolPage() {
  useTexts(PROTOCOL_TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const params = useRouteParams();
  const search = useSearchParams();
  const [userCall] = useState(() => productApi.getCurrentUser());
  const user = useCallResult(userCall);
  const [reference, setReference] = useState(params['reference'] ?? search.get('reference') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [download, setDownload] = useState<DownloadState>({ kind: 'idle' });
  const signedInUser = user.status === 'done' && user.result._tag === 'Right' ? user.result.right : null;
  const latestCaseId = signedInUser?.CaseId ?? null;

  // Suggest the latest case once the session is known, unless a reference was given.
  useEffect(() => {
    if (latestCaseId !== null) setReference((current) => (current === '' ? caseReferenceOf(latestCaseId) : current));
  }, [latestCaseId]);

  if (user.status === 'loading')
    return (
      <p role="status" className="ui-text">
        {t('Protocol.Loading')}
      </p>
    );

  const heading = <PageHeading>{t('Protocol.Title')}</PageHeading>;
  if (signedInUser === null || signedInUser.Role !== 'participant' || download.kind === 'signedOut') {
    return (
      <>
        {heading}
        <SignedOut />
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCaseReference(reference);
    if (normalized === null) {
      setFieldError(t('Protocol.ReferenceInvalid'));
      // The last download's "… wurde heruntergeladen." must not stand beside the error of the new entry.
      setDownload({ kind: 'idle' });
      return;
    }
    setFieldError(null);
    setReference(normalized);
    setDownload({ kind: 'loading' });
    productApi.downloadProtocol(normalized).subscribe((result) => {
      if (result._tag === 'Right') {
        void saveBlob(result.right, `Chatprotokoll-${normalized}.pdf`).then((url) => setTimeout(() => URL.revokeObjectURL(url), 60_000));
        setDownload({ kind: 'done', reference: normalized });
        return;
      }
      const status = result.left._tag === 'HttpError' ? result.left.status : 0;
      if (status === 401) return setDownload({ kind: 'signedOut' });
      setDownload({ kind: 'failed', messageKey: status === 404 ? 'Protocol.NotFound' : status === 400 ? 'Protocol.ReferenceInvalid' : 'Protocol.Failed' });
    });
  };

  return (
    <>
      {heading}
      <p className="ui-text ui-mb-3">{t('Protocol.Intro')}</p>
      <form noValidate onSubmit={onSubmit} className="page-form">
        <TextField
          id="protocol-reference"
          label={t('Protocol.Reference')}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? t('Protocol.ReferenceHint')}
          required
          autoComplete="off"
          maxLength={20}
          inputProps={{ spellCheck: false }}
        />
        {download.kind === 'failed' && (
          <Alert severity="error" role="alert">
            {t(download.messageKey)}
          </Alert>
        )}
        {download.kind === 'done' && (
          <Alert severity="success" role="status">
            {t('Protocol.Downloaded', { reference: download.reference })}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={download.kind === 'loading'} className="page-form__submit">
          {t('Protocol.Submit')}
        </Button>
      </form>
    </>
  );
}
