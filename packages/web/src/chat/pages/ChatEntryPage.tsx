// chat/new and chat/:caseId: checks the session (and signs in from an InsuranceNumber link), then shows the chat.
// chat/new leads a participant whose consultation still runs back into it (enterNewChat.ts).
// The page paints with plain elements (global.css) while the container and the chat screen load.
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { useRouteParams, useSearchParams } from '../../routing/hooks.js';
import type { Observable } from 'rxjs';
import { AlertErrorIcon } from '../../app/AreaErrorBoundary.js';
import { useInjection } from '../../app/ContainerContext.js';
import { lazyPage } from '../../app/lazyPage.js';
import { ChatControllerFactoryToken, ChatHostApiToken, ProductApiToken, StorageToken } from '../../app/tokens.js';
import { useObservableValue } from '../../app/useCallResult.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { enterCaseChat, enterNewChat, type EntryPorts, type NewChatOutcome } from './enterNewChat.js';
import { afterIntlWarmUp } from '../../i18n/intlWarmUp.js';

// The chat screen and its controller come in their own chunks, fetched while the session is checked.
const loadChatScreenHost = () => import('./ChatScreenHost.js');
const ChatScreenHost = lazyPage(() => loadChatScreenHost().then((m) => m.ChatScreenHost));

function useEntry(enter: (ports: EntryPorts) => Observable<NewChatOutcome>) {
  const ports = { productApi: useInjection(ProductApiToken), chatHostApi: useInjection(ChatHostApiToken), storage: useInjection(StorageToken) };
  const [entry] = useState(() => enter(ports));
  const loadChatController = useInjection(ChatControllerFactoryToken);
  useEffect(() => {
    // Create the controller factory while the session calls run; a failure surfaces later in ChatScreenHost.
    loadChatController().catch(() => undefined);
  }, [loadChatController]);
  return useObservableValue(entry);
}

/**
 * Fetches the chat screen and its controller chunk as soon as the page mounts – while the
 * container loads and the session calls run – so they are not requested one after the other –
 * and prepares the date formatters meanwhile. A failure surfaces later in ChatScreenHost.
 */
function usePrefetchChatScreen() {
  useEffect(() => {
    loadChatScreenHost().catch(() => undefined);
    import('../../app/chatControllerBinding.js').catch(() => undefined);
    // The date formatters, while the session calls run; their ICU data is started in a worker first.
    import('../screen/germanDates.js').then(({ prepareDateFormats }) => afterIntlWarmUp(prepareDateFormats)).catch(() => undefined);
  }, []);
}

function Preparing({ beforeSession = false }: { readonly beforeSession?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <div role="status" className={beforeSession ? 'preparing signed-out' : 'preparing'}>
      <span className="spinner spinner-small" aria-hidden="true" />
      <p className="text">{t('ChatPages.New.Preparing')}</p>
    </div>
  );
}

/**
 * The top of the chat page: its (screen-reader) heading and a short note on how the advice runs.
 * The same markup is in the static page frame of chat/new (packages/web/appShell.ts), so it stays
 * in place from the first paint through loading to the chat.
 */
function ChatPageTop() {
  const { t } = useTranslation('chat');
  return (
    <>
      <h1 className="visually-hidden">{t('ChatPages.Title')}</h1>
      <p className="chat-intro">{t('ChatPages.Intro')}</p>
    </>
  );
}

/**
 * The chat page while the session is checked and the chat screen loads. Nobody is known to be signed in yet: its
 * class hides the header's "Abmelden" (global.css), which flashed up for a visitor without a session before
 * "Nicht angemeldet" hid it again; it appears once the chat shows.
 */
function ChatPagePreparing() {
  return (
    <>
      <ChatPageTop />
      <Preparing beforeSession />
    </>
  );
}

/** Also shown on Back after the logout; its class hides the header's "Abmelden" (global.css, no script on the start path). */
function NotSignedIn() {
  const { t } = useTranslation('chat');
  return (
    <>
      <PageHeading>{t('ChatPages.New.NotSignedIn.Title')}</PageHeading>
      <p className="text signed-out">{t('ChatPages.New.NotSignedIn.Text')}</p>
    </>
  );
}

function EntryOutcome({ outcome, caseId }: { readonly outcome: NewChatOutcome; readonly caseId?: string }) {
  const { t } = useTranslation('chat');
  switch (outcome.kind) {
    case 'redirect':
      return <Redirect to={outcome.to} replace />;
    case 'outsideServiceHours':
      return <Redirect to="/chat/ausserhalb-dienstzeit" replace />;
    case 'notSignedIn':
      return <NotSignedIn />;
    case 'invalidLink':
      // Retrying the same link cannot help, and nobody is signed in: no "Erneut versuchen", and `signed-out` hides "Abmelden".
      return (
        <>
          <PageHeading>{t('ChatPages.Title')}</PageHeading>
          <div role="alert" className="alert-error alert-tight signed-out">
            <AlertErrorIcon />
            <div className="alert-message">{t('ChatPages.New.InvalidLink')}</div>
          </div>
        </>
      );
    case 'failed':
      return (
        <>
          <PageHeading>{t('ChatPages.Title')}</PageHeading>
          <div role="alert" className="alert-error alert-tight">
            <AlertErrorIcon />
            <div className="alert-message">{t(outcome.messageKey)}</div>
          </div>
          <button type="button" className="button button-contained" onClick={() => window.location.reload()}>
            {t('App.Retry', { ns: 'common' })}
          </button>
        </>
      );
    case 'showChat':
      return (
        <>
          <ChatPageTop />
          <Suspense fallback={<Preparing />}>
            <ChatScreenHost caseId={caseId} insurerName={outcome.user.InsurerName} openChatCaseId={outcome.user.OpenChatCaseId} />
          </Suspense>
        </>
      );
  }
}

function NewChat() {
  const search = useSearchParams();
  const entry = useEntry((ports) => enterNewChat(ports, search.get('InsuranceNumber')));
  return entry.status === 'loading' ? <ChatPagePreparing /> : <EntryOutcome outcome={entry.value} />;
}

/**
 * chat/new – "wird vorbereitet" also while the container (services) is still loading. Keyed by the history entry:
 * "Neue Beratung beginnen" leads from a finished chat (whose address is /chat/{caseId} only for the browser) to a
 * fresh intake, and Back returns to that chat.
 */
export function NewChatPage() {
  usePrefetchChatScreen();
  const { key } = useHistoryEntry();
  return (
    <Suspense fallback={<ChatPagePreparing />}>
      <NewChat key={key} />
    </Suspense>
  );
}

function CaseChat({ caseId }: { readonly caseId: string }) {
  const entry = useEntry(enterCaseChat);
  return entry.status === 'loading' ? <ChatPagePreparing /> : <EntryOutcome outcome={entry.value} caseId={caseId} />;
}

/** chat/:caseId – keyed by the case so switching cases starts afresh. */
export function CaseChatPage() {
  const { caseId = '' } = useRouteParams();
  usePrefetchChatScreen();
  return (
    <Suspense fallback={<ChatPagePreparing />}>
      <CaseChat key={caseId} caseId={caseId} />
    </Suspense>
  );
}
