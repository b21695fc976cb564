import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHistoryEntry, useNavigate } from '../../routing/AppRouter.js';
import { distinctUntilChanged, filter, map } from 'rxjs';
import type { ChatController } from '@rechtschat/core';
import { CALLBACK_CONFIRMATION_PATH, callbackConfirmationState } from '../pages/callbackConfirmationRoute.js';
import { ChatControllerContext } from './chatControllerContext.js';
import { ChatScreen } from './ChatScreen.js';
import { OpenChatContext, openChatOf } from './openChatContext.js';

/**
 * Route element for /chat/new (no caseId) and /chat/{caseId}: creates one controller per mount
 * and case, starts it with the current path and disposes it on unmount.
 */
/** The query without the insurer's entry token (`InsuranceNumber`); other parameters (override_domain) stay. */
function withoutEntryToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('InsuranceNumber');
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

export function ChatScreenRoute({ caseId }: { readonly caseId?: string }) {
  const createController = useContext(ChatControllerContext);
  const openChatSlot = useContext(OpenChatContext);
  const setOpenChat = openChatSlot?.setOpenChat;
  const { pathname } = useHistoryEntry();
  const navigate = useNavigate();
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

  // Once a new chat has its case, the address becomes /chat/{caseId}, so a reload or a shared tab rejoins this
  // case instead of starting a new onboarding. replaceState keeps the router (and this controller) in place, and
  // drops the insurer's entry token: spent by the login, it still carries the insurance number, which must not stay
  // in the address bar and the history (outside-in attacker pass 2026-12-07).
  useEffect(() => {
    if (!controller || caseId !== undefined) return undefined;
    const subscription = controller.state$
      .pipe(
        map((state) => state.caseId),
        filter((id): id is string => id !== null),
        distinctUntilChanged(),
      )
      .subscribe((id) => {
        const casePath = `/chat/${encodeURIComponent(id)}`;
        window.history.replaceState(window.history.state, '', `${casePath}${withoutEntryToken(window.location.search)}`);
        reportedPath.current = casePath;
        controller.setRoute(casePath);
      });
    return () => subscription.unsubscribe();
  }, [controller, caseId]);

  // chat/rueckruf: once a callback is arranged, its confirmation page shows phone and availability.
  useEffect(() => {
    if (!controller) return undefined;
    const subscription = controller.state$
      .pipe(
        map((state) => state.callbackConfirmation),
        filter((confirmation) => confirmation !== null),
        distinctUntilChanged(),
      )
      // The details travel in the history entry's state, not in the address: a phone number in the address would stay
      // in the browser's history and in every log the address reaches (base64 is no protection).
      .subscribe((confirmation) => void navigate(CALLBACK_CONFIRMATION_PATH, { state: callbackConfirmationState(confirmation) }));
    return () => subscription.unsubscribe();
  }, [controller, navigate]);

  // The header's "Abmelden" asks first while this chat is open for the lawyer side.
  useEffect(() => {
    if (!controller || !setOpenChat) return undefined;
    const subscription = controller.state$.pipe(map(openChatOf), distinctUntilChanged()).subscribe(setOpenChat);
    return () => {
      subscription.unsubscribe();
      setOpenChat('none');
    };
  }, [controller, setOpenChat]);

  useEffect(() => {
    if (!controller || reportedPath.current === pathname) return;
    reportedPath.current = pathname;
    controller.setRoute(pathname);
  }, [controller, pathname]);

  if (!createController) throw new Error('ChatScreenRoute braucht einen ChatControllerContext.Provider.');
  if (!controller) return null;
  return <ChatScreen key={caseId ?? 'new'} controller={controller} isNewChat={caseId === undefined} />;
}
