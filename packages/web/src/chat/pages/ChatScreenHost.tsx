// Gives the chat screen its own controller: created when the route mounts, disposed when it unmounts.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ChatController, ErrorReporter } from '@rechtschat/core';
import { useInjection } from '../../app/ContainerContext.js';
import { ChatControllerFactoryToken, ChatHostApiToken, ErrorReporterToken } from '../../app/tokens.js';
import { ChatScreen } from '../screen/ChatScreen.js';
import { ChatScreenServicesContext } from '../screen/chatScreenServices.js';

export interface ChatScreenHostProps {
  readonly caseId?: string;
  readonly isNewChat?: boolean;
}

type HostState = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly controller: ChatController } | { readonly kind: 'failed'; readonly error: unknown };

function useChatController(caseId: string | undefined, initialRoute: string, reporter: ErrorReporter): HostState {
  const loadFactory = useInjection(ChatControllerFactoryToken);
  const [state, setState] = useState<HostState>({ kind: 'loading' });
  // Created inside the effect (not during render) so StrictMode's mount/unmount/mount never reuses a disposed controller.
  useEffect(() => {
    let controller: ChatController | null = null;
    let active = true;
    loadFactory().then(
      (create) => {
        if (!active) return;
        controller = create();
        controller.start(caseId === undefined ? { route: initialRoute } : { caseId, route: initialRoute });
        setState({ kind: 'ready', controller });
      },
      (error: unknown) => {
        reporter.captureException(error, { area: 'chat', step: 'load-controller' });
        if (active) setState({ kind: 'failed', error });
      },
    );
    return () => {
      active = false;
      controller?.dispose();
    };
  }, [loadFactory, caseId, initialRoute, reporter]);
  return state;
}

export function ChatScreenHost({ caseId, isNewChat = false }: ChatScreenHostProps) {
  const chatHostApi = useInjection(ChatHostApiToken);
  const reporter = useInjection(ErrorReporterToken);
  const { pathname } = useLocation();
  const [services] = useState(() => ({ getAgentImage: chatHostApi.getAgentImage.bind(chatHostApi), getFile: chatHostApi.getFile.bind(chatHostApi) }));
  const [initialRoute] = useState(pathname);
  const state = useChatController(caseId, initialRoute, reporter);
  const controller = state.kind === 'ready' ? state.controller : null;

  useEffect(() => {
    controller?.setRoute(pathname);
  }, [controller, pathname]);

  // The area's error boundary shows the German fallback.
  if (state.kind === 'failed') throw state.error;
  if (!controller) return null;
  return (
    <ChatScreenServicesContext.Provider value={services}>
      <ChatScreen controller={controller} isNewChat={isNewChat} />
    </ChatScreenServicesContext.Provider>
  );
}
