// Messages between the tabs of one browser that show the same chat: phones keep old tabs, and people open a chat link
// twice. The web app carries them over a BroadcastChannel (localStorage's `storage` event where there is none); a tab
// does not hear its own messages.
import { EMPTY, type Observable } from 'rxjs';

/** The offboarding's callback number was saved (`phone` as the person's bubble showed it) for the case `caseId`. */
export interface SecondLevelPhoneSaved {
  readonly type: 'secondLevelPhoneSaved';
  readonly caseId: string;
  readonly phone: string;
}

export type ChatTabMessage = SecondLevelPhoneSaved;

export interface ChatTabChannel {
  readonly messages$: Observable<ChatTabMessage>;
  post(message: ChatTabMessage): void;
}

/** A tab without others (tests, a browser without any channel): hears nothing, tells no one. */
export const chatAloneInBrowser: ChatTabChannel = { messages$: EMPTY, post: () => undefined };

/** A message from another tab as it arrived (structured clone or JSON), or null when it is none of ours. Pure. */
export function parseChatTabMessage(data: unknown): ChatTabMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, caseId, phone } = data as { type?: unknown; caseId?: unknown; phone?: unknown };
  if (type === 'secondLevelPhoneSaved' && typeof caseId === 'string' && caseId !== '' && typeof phone === 'string' && phone !== '')
    return { type, caseId, phone };
  return null;
}
