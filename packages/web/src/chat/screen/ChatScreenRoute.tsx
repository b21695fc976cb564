import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ChatController } from '@rechtschat/core';
import { ChatControllerContext } from './chatControllerContext.js';
import { ChatScreen } from './ChatScreen.js';

/**
 * Route element for /chat/new (no caseId) and /chat/{caseId}: creates one controller per mount
 * and case, starts it with the current path and disposes it on unmount.
 */
export function ChatScreenRoute({ caseId }: { readonly caseId?: string }) {
  const createController = useContext(ChatControllerContext);
  const { pathname } = useLocation();
  const [controller, setController] = useState<ChatController | null>(null);
  const currentPath = useRef(pathname);
  const reportedPath = useRef(pathname);

  useLayoutEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (!createController) return undefined;
    // Created inside the effect so StrictMode's double run disposes the first instance cleanly.
    const created = createController();
    reportedPath.current = currentPath.current;
    created.start(caseId === undefined ? { route: currentPath.current } : { caseId, route: currentPath.current });
    setController(created);
    return () => {
      created.dispose();
      setController((current) => (current === created ? null : current));
    };
  }, [createController, caseId]);

  useEffect(() => {
    if (!controller || reportedPath.current === pathname) return;
    reportedPath.current = pathname;
    controller.setRoute(pathname);
  }, [controller, pathname]);

  if (!createController) throw new Error('ChatScreenRoute braucht einen ChatControllerContext.Provider.');
  if (!controller) return null;
  return <ChatScreen key={caseId ?? 'new'} controller={controller} isNewChat={caseId === undefined} />;
}
