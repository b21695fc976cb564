// Plugs the chat screen into the app: loads the controller factory chunk, then provides it
// (and the chat host's image/file loaders) to the screen's own route element.
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../../app/ContainerContext.js';
import { ChatControllerFactoryToken, ChatHostApiToken, ErrorReporterToken, StorageToken } from '../../app/tokens.js';
import { botDe } from '../../i18n/de-DE/bot.js';
import { useTexts } from '../../i18n/useTexts.js';
import { ChatElsewhereNotice } from '../screen/ChatElsewhereNotice.js';
import { ChatControllerContext, type ChatControllerFactory } from '../screen/chatControllerContext.js';
import { ChatScreenRoute } from '../screen/ChatScreenRoute.js';
import { ChatScreenServicesContext } from '../screen/chatScreenServices.js';
import { chatDrafts } from './chatDrafts.js';
import { chatScreenDe } from '../screen/i18n.de.js';

/** The screen's and the bot's texts travel with this chunk; the screen's merge into `chat`. */
const CHAT_SCREEN_TEXTS = [
  ['chat', chatScreenDe],
  ['bot', botDe],
] as const;

export interface ChatScreenHostProps {
  readonly caseId?: string;
  /** The display name of the person's insurer, when the firm set one (CurrentUser.InsurerName); shown above the chat. */
  readonly insurerName?: string | null;
  /** The person's running consultation (CurrentUser.OpenChatCaseId), if any: another case than this one gets a way back. */
  readonly openChatCaseId?: string | null;
}

type FactoryState =
  { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly create: ChatControllerFactory } | { readonly kind: 'failed'; readonly error: unknown };

function useControllerFactory(): FactoryState {
  const loadFactory = useInjection(ChatControllerFactoryToken);
  const reporter = useInjection(ErrorReporterToken);
  const [state, setState] = useState<FactoryState>({ kind: 'loading' });
  useEffect(() => {
    let active = true;
    loadFactory().then(
      // The chat screen's first render as a transition: in slices, typing and clicks go first.
      (create) => active && startTransition(() => setState({ kind: 'ready', create })),
      (error: unknown) => {
        reporter.captureException(error, { area: 'chat', step: 'load-controller' });
        if (active) setState({ kind: 'failed', error });
      },
    );
    return () => {
      active = false;
    };
  }, [loadFactory, reporter]);
  return state;
}

/** chat/new (no caseId) and chat/:caseId once the session is known to be valid. */
export function ChatScreenHost({ caseId, insurerName, openChatCaseId }: ChatScreenHostProps) {
  useTexts(CHAT_SCREEN_TEXTS);
  const { t } = useTranslation('chat');
  const chatHostApi = useInjection(ChatHostApiToken);
  const storage = useInjection(StorageToken);
  const [services] = useState(() => ({
    getAgentImage: chatHostApi.getAgentImage.bind(chatHostApi),
    getFile: chatHostApi.getFile.bind(chatHostApi),
    drafts: chatDrafts(storage),
  }));
  const factory = useControllerFactory();

  // The chat area's error boundary shows the German fallback.
  if (factory.kind === 'failed') throw factory.error;
  // In this lazy chunk, not the page top: /chat/new's initial bundle stays within its budget.
  const insurer = insurerName ? <p className="chat-intro">{t('Chat.Insurer', { name: insurerName })}</p> : null;
  const otherRequest =
    caseId !== undefined && openChatCaseId && openChatCaseId !== caseId ? <ChatElsewhereNotice caseId={openChatCaseId} reason="otherRequest" /> : null;
  if (factory.kind === 'loading')
    return (
      <>
        {insurer}
        {otherRequest}
      </>
    );
  return (
    <>
      {insurer}
      {otherRequest}
      <ChatControllerContext.Provider value={factory.create}>
        <ChatScreenServicesContext.Provider value={services}>
          <ChatScreenRoute caseId={caseId} />
        </ChatScreenServicesContext.Provider>
      </ChatControllerContext.Provider>
    </>
  );
}
