// The chat screen's unsent texts, each under its own key, all inside the one storage entry that
// forgetChatPersonData (chatTabData.ts) drops as a whole. Only the chat screen needs this part, so it loads with it.
import type { KeyValueStorage } from '@rechtschat/core';
import { CHAT_DRAFTS_KEY } from './chatTabData.js';

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
