import { createContext } from 'react';
import type { ChatViewState } from '@rechtschat/core';

/**
 * Whether the screen's chat is still open for the lawyer side: 'lawyer' (one is connected), 'waiting' (in the
 * queue), 'intake' (the bot's onboarding runs: what the participant typed so far would be lost) or 'none'.
 * The header's "Abmelden" asks before leaving an open chat or an intake.
 */
export type OpenChat = 'none' | 'intake' | 'waiting' | 'lawyer';

/** The chat area's current value and its setter; null outside the chat area (nothing to guard). */
export interface OpenChatSlot {
  readonly openChat: OpenChat;
  readonly setOpenChat: (openChat: OpenChat) => void;
}

export const OpenChatContext = createContext<OpenChatSlot | null>(null);

/**
 * Pure: the open chat a view state shows. A closed case or one shown only as history is not open; an intake is, until
 * it ended because the person's consultation already runs elsewhere (nothing of it can go on).
 */
export function openChatOf(state: Pick<ChatViewState, 'phase' | 'caseClosed' | 'lawyerConnected' | 'waitingForLawyer' | 'runningChatCaseId'>): OpenChat {
  if (state.phase === 0) return state.runningChatCaseId === null ? 'intake' : 'none';
  if (state.phase !== 1 || state.caseClosed) return 'none';
  if (state.lawyerConnected) return 'lawyer';
  return state.waitingForLawyer ? 'waiting' : 'none';
}
