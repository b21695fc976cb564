// What the chat keeps of a person in the tab's session storage: the unfinished onboarding and the unsent
// texts. A phone or family computer is often shared: when the person logs out, or another person's link
// opens in the same tab, none of it may show up for the next one – so the unsent texts live in ONE
// storage entry that can be dropped as a whole, whatever chats they were typed in.
import { ONBOARDING_DRAFT_KEY, PENDING_MESSAGES_KEY, type KeyValueStorage } from '@rechtschat/core';

/** The one storage entry that holds every unsent text of the chat screen (chatDrafts.ts reads and writes it). */
export const CHAT_DRAFTS_KEY = 'rechtschat.chat.drafts';

/** Forgets the unfinished onboarding, every unsent text and every message still waiting to be sent of the person who used this tab. */
export function forgetChatPersonData(storage: KeyValueStorage): void {
  storage.remove(ONBOARDING_DRAFT_KEY);
  storage.remove(CHAT_DRAFTS_KEY);
  storage.remove(PENDING_MESSAGES_KEY);
}
