// /protokoll/bestaetigen#<token>: the link of the protocol mail's confirmation mail (double opt-in). The token is read
// from the fragment – never sent in a URL – and then dropped from the address bar, so no bookmark, error report or
// screenshot keeps it. The page says what the link sends where and sends only when the person presses the button: a
// POST, so a mail scanner that opens the link confirms nothing. No sign-in: the mail is often read on another device.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ProtocolLinkErrorCodes, type AppError, type ProtocolConfirmationInfo, type ProtocolConfirmed } from '@rechtschat/core';
import { useInjection } from '../app/ContainerContext.js';
import { ProductApiToken } from '../app/tokens.js';
import { LOCALE } from '../i18n/i18n.js';
import { protocolConfirmationDe } from '../i18n/de-DE/protocolConfirmation.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Alert, Button } from '../ui/index.js';
import './pages.css';

const TEXTS = [['common', protocolConfirmationDe]] as const;

/** Why the link sends nothing (final: no button), or why this try failed (the button stays). */
type Refusal = 'invalid' | 'expired' | 'used' | 'running' | 'tooMany' | 'failed';
const FINAL: ReadonlySet<Refusal> = new Set(['invalid', 'expired', 'used']);

type PageState =
  | { readonly step: 'checking' }
  | { readonly step: 'ready'; readonly info: ProtocolConfirmationInfo; readonly sending: boolean; readonly retry: Refusal | null }
  | { readonly step: 'done'; readonly result: ProtocolConfirmed }
  | { readonly step: 'refused'; readonly refusal: Refusal }
  /** The check itself failed (network, too many tries): the link may be fine, so it can be checked again. */
  | { readonly step: 'unchecked'; readonly refusal: Refusal };

export function refusalOf(error: AppError): Refusal {
  if (error._tag !== 'HttpError') return 'failed';
  if (error.code === ProtocolLinkErrorCodes.invalid) return 'invalid';
  if (error.code === ProtocolLinkErrorCodes.expired) return 'expired';
  if (error.code === ProtocolLinkErrorCodes.used) return 'used';
  if (error.status === 409) return 'running';
  if (error.status === 429) return 'tooMany';
  // A malformed token is refused as the body's shape (400): for the person it is a broken link.
  return error.status === 400 ? 'invalid' : 'failed';
}

/** The token as the link carries it: everything after '#'. */
function tokenFromAddress(): string {
  try {
    return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

const until = (iso: string) => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso));

export function ProtocolConfirmationPage() {
  useTexts(TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const [token] = useState(tokenFromAddress);
  const [state, setState] = useState<PageState>(() => (token === '' ? { step: 'refused', refusal: 'invalid' } : { step: 'checking' }));
  const [checks, setChecks] = useState(0);

  // Read once, the token leaves the address bar (the router keeps its place: it does not see replaceState).
  useEffect(() => {
    if (window.location.hash !== '') window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  useEffect(() => {
    if (token === '') return undefined;
    const subscription = productApi.inspectProtocolConfirmation(token).subscribe((result) => {
      if (result._tag === 'Right') return setState({ step: 'ready', info: result.right, sending: false, retry: null });
      const refusal = refusalOf(result.left);
      setState(FINAL.has(refusal) ? { step: 'refused', refusal } : { step: 'unchecked', refusal });
    });
    return () => subscription.unsubscribe();
  }, [productApi, token, checks]);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'ready' || state.sending) return;
    const { info } = state;
    setState({ step: 'ready', info, sending: true, retry: null });
    productApi.confirmProtocolMail(token).subscribe((result) => {
      if (result._tag === 'Right') return setState({ step: 'done', result: result.right });
      const refusal = refusalOf(result.left);
      setState(FINAL.has(refusal) ? { step: 'refused', refusal } : { step: 'ready', info, sending: false, retry: refusal });
    });
  };
  const checkAgain = () => {
    setState({ step: 'checking' });
    setChecks((n) => n + 1);
  };

  const working = state.step === 'checking' ? 'Protocol.Confirm.Checking' : state.step === 'ready' && state.sending ? 'Protocol.Confirm.Sending' : null;
  return (
    <>
      <PageHeading>{t('Protocol.Confirm.Title')}</PageHeading>
      {/* Always there, so a screen reader hears the check and the sending; outcomes take the focus. */}
      <p role="status" className="ui-text">
        {working === null ? '' : t(working)}
      </p>
      {state.step === 'ready' && <Ready state={state} onConfirm={confirm} />}
      {state.step === 'done' && <Done result={state.result} />}
      {state.step === 'refused' && <Refused refusal={state.refusal} />}
      {state.step === 'unchecked' && (
        <Alert
          severity="error"
          action={
            <Button variant="outlined" onClick={checkAgain}>
              {t('Protocol.Confirm.CheckAgain')}
            </Button>
          }
        >
          {t(retryText[state.refusal])}
        </Alert>
      )}
    </>
  );
}

const retryText: Record<Refusal, string> = {
  invalid: 'Protocol.Confirm.Invalid',
  expired: 'Protocol.Confirm.Expired',
  used: 'Protocol.Confirm.Used',
  running: 'Protocol.Confirm.Running',
  tooMany: 'Protocol.Confirm.TooMany',
  failed: 'Protocol.Confirm.Failed',
};

function Ready({ state, onConfirm }: { readonly state: Extract<PageState, { step: 'ready' }>; readonly onConfirm: (event: FormEvent) => void }) {
  const { t } = useTranslation('common');
  const { info, sending, retry } = state;
  return (
    <form noValidate onSubmit={onConfirm} className="page-form">
      <p className="ui-text">{t('Protocol.Confirm.Intro', { reference: info.Reference })}</p>
      <p className="ui-text page-confirmation__address">{info.Email}</p>
      <p className="ui-text">{t('Protocol.Confirm.What')}</p>
      <p className="ui-text">{t('Protocol.Confirm.Until', { until: until(info.ExpiresAt) })}</p>
      {retry !== null && <Alert severity="error">{t(retryText[retry])}</Alert>}
      <Button type="submit" variant="contained" disabled={sending} className="page-form__submit">
        {t('Protocol.Confirm.Submit')}
      </Button>
      <p className="ui-text">{t('Protocol.Confirm.NotRequested')}</p>
    </form>
  );
}

/** The outcome takes the focus (and so is read out): the button the person pressed is gone. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Done({ result }: { readonly result: ProtocolConfirmed }) {
  const { t } = useTranslation('common');
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <Alert ref={ref} tabIndex={-1} severity="success" role="none" title={t('Protocol.Confirm.DoneTitle')}>
      <p className="ui-text">{result.AlreadySent ? t('Protocol.Confirm.AlreadySent') : t('Protocol.Confirm.Done', { email: result.Email })}</p>
    </Alert>
  );
}

const refusedTitle: Partial<Record<Refusal, string>> = {
  invalid: 'Protocol.Confirm.InvalidTitle',
  expired: 'Protocol.Confirm.ExpiredTitle',
  used: 'Protocol.Confirm.UsedTitle',
};

function Refused({ refusal }: { readonly refusal: Refusal }) {
  const { t } = useTranslation('common');
  const ref = useFocusOnMount<HTMLDivElement>();
  const title = refusedTitle[refusal];
  return (
    <Alert ref={ref} tabIndex={-1} severity={refusal === 'used' ? 'info' : 'warning'} role="none" title={title === undefined ? undefined : t(title)}>
      <p className="ui-text ui-mb-1">{t(retryText[refusal])}</p>
      {refusal !== 'used' && <p className="ui-text ui-mb-2">{t('Protocol.Confirm.Download')}</p>}
      {refusal !== 'used' && (
        <Button to="/protokoll" variant="outlined">
          {t('Protocol.Confirm.ToDownload')}
        </Button>
      )}
    </Alert>
  );
}
