// /protokoll/bestaetigen#<token>: the link of the protocol mail's confirmation mail (double opt-in). The token is read
// from the fragment – never sent in a URL – and then dropped from the address bar, so no bookmark, error report or
// screenshot keeps it. The page says what the link sends where and sends only when the person presses the button: a
// POST, so a mail scanner that opens the link confirms nothing. No sign-in: the mail is often read on another device.
// The tab keeps the token (and, once confirmed, the outcome) in its session storage: a phone reloads a tab it put in
// the background, and the address bar no longer holds the token – a reload said „Dieser Link ist ungültig“ to a link
// just opened, or just confirmed.
// An expired link offers „Neuen Bestätigungslink senden“: the server mails a new link to the address this one went to
// (the page names none), a few times per link.
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

/** Why a renewal sent no new link: final (no button) or a try that may work again (the button stays). */
type RenewalRefusal = 'renewalLimit' | 'alreadySent' | 'tooMany' | 'failed';
const FINAL_RENEWAL: ReadonlySet<RenewalRefusal> = new Set(['renewalLimit', 'alreadySent']);

/** The expired link's renewal: not asked for, on its way, sent (to the address and until when), or refused. */
type Renewal =
  | { readonly step: 'offered'; readonly retry: RenewalRefusal | null }
  | { readonly step: 'sending' }
  | { readonly step: 'sent'; readonly info: ProtocolConfirmationInfo }
  | { readonly step: 'refused'; readonly refusal: RenewalRefusal };

type PageState =
  | { readonly step: 'checking' }
  | { readonly step: 'ready'; readonly info: ProtocolConfirmationInfo; readonly sending: boolean; readonly retry: Refusal | null }
  | { readonly step: 'done'; readonly result: ProtocolConfirmed }
  | { readonly step: 'refused'; readonly refusal: Refusal; readonly renewal?: Renewal }
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

/** A renewal's refusal; an unknown or used link (the neutral 404) is 'invalid' for the whole page, a working one 'open'. */
export function renewalRefusalOf(error: AppError): RenewalRefusal | 'invalid' | 'open' {
  if (error._tag !== 'HttpError') return 'failed';
  if (error.code === ProtocolLinkErrorCodes.renewalLimit) return 'renewalLimit';
  if (error.code === ProtocolLinkErrorCodes.alreadySent) return 'alreadySent';
  if (error.code === ProtocolLinkErrorCodes.stillOpen) return 'open';
  if (error.status === 404 || error.status === 400) return 'invalid';
  return error.status === 429 ? 'tooMany' : 'failed';
}

/** The token as the link carries it: everything after '#'. */
function tokenFromAddress(): string {
  try {
    return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

/** What this tab keeps of the link it opened: the token, and the outcome once confirmed (shown again after a reload). */
interface KeptLink {
  readonly token: string;
  readonly done?: ProtocolConfirmed;
}
const KEPT_LINK_KEY = 'rc.protocolConfirmation';

function keptLink(): KeptLink | null {
  try {
    const raw = window.sessionStorage.getItem(KEPT_LINK_KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<KeptLink> | null;
    return parsed !== null && typeof parsed.token === 'string' && parsed.token !== '' ? { token: parsed.token, done: parsed.done } : null;
  } catch {
    return null;
  }
}

function keepLink(link: KeptLink): void {
  try {
    window.sessionStorage.setItem(KEPT_LINK_KEY, JSON.stringify(link));
  } catch {
    // Storage full or blocked: a reload then needs the mail's link again, as before.
  }
}

/** The link's token: from the address when it carries one (opened from the mail), else the one this tab opened before a reload. */
function openedLink(): KeptLink {
  const fromAddress = tokenFromAddress();
  if (fromAddress !== '') {
    // Opened from the mail (again): the server says what holds now – e.g. „bereits verwendet“ for a link used before.
    const link = { token: fromAddress };
    keepLink(link);
    return link;
  }
  return keptLink() ?? { token: '' };
}

const until = (iso: string) => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso));

export function ProtocolConfirmationPage() {
  useTexts(TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const [opened] = useState(openedLink);
  const { token } = opened;
  const [state, setState] = useState<PageState>(() =>
    opened.done !== undefined ? { step: 'done', result: opened.done } : token === '' ? { step: 'refused', refusal: 'invalid' } : { step: 'checking' },
  );
  const [checks, setChecks] = useState(0);

  // Read once, the token leaves the address bar (the router keeps its place: it does not see replaceState).
  useEffect(() => {
    if (window.location.hash !== '') window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  useEffect(() => {
    if (token === '' || opened.done !== undefined) return undefined;
    const subscription = productApi.inspectProtocolConfirmation(token).subscribe((result) => {
      if (result._tag === 'Right') return setState({ step: 'ready', info: result.right, sending: false, retry: null });
      const refusal = refusalOf(result.left);
      if (refusal === 'expired') return setState({ step: 'refused', refusal, renewal: { step: 'offered', retry: null } });
      setState(FINAL.has(refusal) ? { step: 'refused', refusal } : { step: 'unchecked', refusal });
    });
    return () => subscription.unsubscribe();
  }, [productApi, token, opened.done, checks]);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (state.step !== 'ready' || state.sending) return;
    const { info } = state;
    setState({ step: 'ready', info, sending: true, retry: null });
    productApi.confirmProtocolMail(token).subscribe((result) => {
      if (result._tag === 'Right') {
        keepLink({ token, done: result.right });
        return setState({ step: 'done', result: result.right });
      }
      const refusal = refusalOf(result.left);
      if (refusal === 'expired') return setState({ step: 'refused', refusal, renewal: { step: 'offered', retry: null } });
      setState(FINAL.has(refusal) ? { step: 'refused', refusal } : { step: 'ready', info, sending: false, retry: refusal });
    });
  };
  const checkAgain = () => {
    setState({ step: 'checking' });
    setChecks((n) => n + 1);
  };
  const renew = () => {
    if (state.step !== 'refused' || state.renewal === undefined || state.renewal.step !== 'offered') return;
    setState({ step: 'refused', refusal: 'expired', renewal: { step: 'sending' } });
    productApi.renewProtocolConfirmation(token).subscribe((result) => {
      if (result._tag === 'Right') return setState({ step: 'refused', refusal: 'expired', renewal: { step: 'sent', info: result.right } });
      const refusal = renewalRefusalOf(result.left);
      // Replaced or used meanwhile (another tab, another device): the page says so as for any such link.
      if (refusal === 'invalid') return setState({ step: 'refused', refusal: 'invalid' });
      // Working after all (a clock ahead of the server's): the check shows it with its button.
      if (refusal === 'open') return checkAgain();
      const renewal: Renewal = FINAL_RENEWAL.has(refusal) ? { step: 'refused', refusal } : { step: 'offered', retry: refusal };
      setState({ step: 'refused', refusal: 'expired', renewal });
    });
  };

  const working =
    state.step === 'checking'
      ? 'Protocol.Confirm.Checking'
      : state.step === 'ready' && state.sending
        ? 'Protocol.Confirm.Sending'
        : state.step === 'refused' && state.renewal?.step === 'sending'
          ? 'Protocol.Confirm.Renewing'
          : null;
  return (
    <>
      <PageHeading>{t('Protocol.Confirm.Title')}</PageHeading>
      {/* Always there, so a screen reader hears the check and the sending; outcomes take the focus. */}
      <p role="status" className="ui-text">
        {working === null ? '' : t(working)}
      </p>
      {state.step === 'ready' && <Ready state={state} onConfirm={confirm} />}
      {state.step === 'done' && <Done result={state.result} />}
      {state.step === 'refused' && state.renewal?.step !== 'sent' && <Refused refusal={state.refusal} renewal={state.renewal} onRenew={renew} />}
      {state.step === 'refused' && state.renewal?.step === 'sent' && <Renewed info={state.renewal.info} />}
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

const renewalText: Record<RenewalRefusal, string> = {
  renewalLimit: 'Protocol.Confirm.RenewalLimit',
  alreadySent: 'Protocol.Confirm.AlreadySent',
  tooMany: 'Protocol.Confirm.TooMany',
  failed: 'Protocol.Confirm.Failed',
};

function Refused({ refusal, renewal, onRenew }: { readonly refusal: Refusal; readonly renewal: Renewal | undefined; readonly onRenew: () => void }) {
  const { t } = useTranslation('common');
  const ref = useFocusOnMount<HTMLDivElement>();
  const title = refusedTitle[refusal];
  const offered = renewal?.step === 'offered' || renewal?.step === 'sending';
  const final = renewal?.step === 'refused' ? renewal.refusal : null;
  const retry = renewal?.step === 'offered' ? renewal.retry : null;
  return (
    <Alert ref={ref} tabIndex={-1} severity={refusal === 'used' ? 'info' : 'warning'} role="none" title={title === undefined ? undefined : t(title)}>
      <p className="ui-text ui-mb-1">{t(retryText[refusal])}</p>
      {offered && (
        <>
          <p className="ui-text ui-mb-2">{t('Protocol.Confirm.RenewHint')}</p>
          {retry !== null && (
            <Alert severity="error" className="ui-mb-2">
              {t(renewalText[retry])}
            </Alert>
          )}
          <Button variant="contained" onClick={onRenew} disabled={renewal.step === 'sending'} className="ui-mb-2">
            {t('Protocol.Confirm.Renew')}
          </Button>
        </>
      )}
      {final !== null && (
        <Alert severity="info" className="ui-mb-2">
          {t(renewalText[final])}
        </Alert>
      )}
      {refusal !== 'used' && final !== 'alreadySent' && <p className="ui-text ui-mb-2">{t('Protocol.Confirm.Download')}</p>}
      {refusal !== 'used' && final !== 'alreadySent' && (
        <Button to="/protokoll" variant="outlined">
          {t('Protocol.Confirm.ToDownload')}
        </Button>
      )}
    </Alert>
  );
}

/** The new link went out: where to, until when, and that it is the new mail's link that counts now. */
function Renewed({ info }: { readonly info: ProtocolConfirmationInfo }) {
  const { t } = useTranslation('common');
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <Alert ref={ref} tabIndex={-1} severity="success" role="none" title={t('Protocol.Confirm.RenewedTitle')}>
      <p className="ui-text">{t('Protocol.Confirm.Renewed', { email: info.Email, until: until(info.ExpiresAt) })}</p>
    </Alert>
  );
}
