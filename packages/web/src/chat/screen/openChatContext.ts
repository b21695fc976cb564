import { createContext } from 'react';
import type { ChatViewState } from '@rechtschat/core';

/**
 * Whether the screen's chat is still open for the lawyer side: 'lawyer' (one is connected), 'waiting' (in the
 * queue) or 'none'. The header's "Abmelden" asks before leaving an open chat, which goes on without the participant.
 */
export type OpenChat = 'none' | 'waiting' | 'lawyer';

/** The chat area's current value and its setter; null outside the chat area (nothing to guard). */
export interface OpenChatSlot {
  readonly openChat: OpenChat;
  readonly setOpenChat: (openChat: OpenChat) => void;
}

export const OpenChatContext = createContext<OpenChatSlot | null>(null);

/** Pure: the open chat a view state shows. A closed case or one shown only as history is not open. */
export function openChatOf(state: Pick<ChatViewState, 'phase' | 'caseClosed' | 'lawyerConnected' | 'waitingForLawyer'>): OpenChat {
  if (state.phase !== 1 || state.caseClosed) return 'none';
  if (state.lawyerConnected) return 'lawyer';
  return state.waitingForLawyer ? 'waiting' : 'none';
}
