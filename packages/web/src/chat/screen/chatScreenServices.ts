import { createContext, useContext } from 'react';
import type { BlobLike, Call, KeyValueStorage } from '@rechtschat/core';

/** Loads the URL of a lawyer's 35×35 thumbnail (the ChatHostApi port fits, a Promise works too). */
export type AgentImageLoader = (chatId: string, authorId: string) => Call<string> | Promise<string>;

/** Loads the content of a file shared in the chat (ChatHostApi.getFile). */
export type ChatFileLoader = (fileId: string) => Call<BlobLike>;

/** Helpers the chat screen needs beyond the controller; all are optional. */
export interface ChatScreenServices {
  readonly getAgentImage?: AgentImageLoader;
  readonly getFile?: ChatFileLoader;
  /** Keeps the unsent text across a reload of the tab (the tab's sessionStorage). */
  readonly drafts?: KeyValueStorage;
}

/** Provided by the composition root; props passed to ChatScreen override it. */
export const ChatScreenServicesContext = createContext<ChatScreenServices>({});

export function useChatScreenServices(): ChatScreenServices {
  return useContext(ChatScreenServicesContext);
}
