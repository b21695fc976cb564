// What the chat keeps of a person in the tab's session storage: the unfinished onboarding and the unsent
// texts. A phone or family computer is often shared: when the person logs out, or another person's link
// opens in the same tab, none of it may show up for the next one – so the unsent texts live in ONE
// storage entry that can be dropped as a whole, whatever chats they were typed in.
import { ONBOARDING_DRAFT_KEY, type KeyValueStorage } from '@rechtschat/core';

const CHAT_DRAFTS_KEY = 'rechtschat.chat.drafts';

type DraftMap = Record<string, string>;

function readDrafts(storage: KeyValueStorage): DraftMap {
  const stored = storage.get(CHAT_DRAFTS_KEY);
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

function writeDrafts(storage: KeyValueStorage, drafts: DraftMap): void {
  if (Object.keys(drafts).length === 0) storage.remove(CHAT_DRAFTS_KEY);
  else storage.set(CHAT_DRAFTS_KEY, JSON.stringify(drafts));
}

/** The unsent texts of the chat screen, each under its own key, all inside one entry of `storage`. */
export function chatDrafts(storage: KeyValueStorage): KeyValueStorage {
  return {
    get: (key) => readDrafts(storage)[key] ?? null,
    set: (key, value) => writeDrafts(storage, { ...readDrafts(storage), [key]: value }),
    remove: (key) => {
      const { [key]: _removed, ...rest } = readDrafts(storage);
      writeDrafts(storage, rest);
    },
  };
}

/** Forgets the unfinished onboarding and every unsent text of the person who used this tab. */
export function forgetChatPersonData(storage: KeyValueStorage): void {
  storage.remove(ONBOARDING_DRAFT_KEY);
  storage.remove(CHAT_DRAFTS_KEY);
}
