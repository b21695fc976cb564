// The participant's sent messages the server has not acknowledged yet, kept in the tab's session storage: a phone that
// reloads the page (or discards the tab) while it is offline would otherwise lose them – the screen showed them as
// „wird gesendet …“. The next start of the same case sends them again with their client ids, which the server's dedupe
// (UNIQUE(chat_id, client_id)) turns into exactly one message each. One storage entry for every case, so the web app
// drops it with the rest of a person's data when someone else uses the tab.
import type { KeyValueStorage } from '../ports/platform.js';
import { PENDING_MESSAGES_KEY } from './chatStorageKeys.js';

export type PendingMessages = readonly (readonly [clientId: string, text: string])[];

function readAll(storage: KeyValueStorage): Record<string, PendingMessages> {
  try {
    const parsed: unknown = JSON.parse(storage.get(PENDING_MESSAGES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const valid: Record<string, PendingMessages> = {};
    for (const [caseId, entries] of Object.entries(parsed as Record<string, unknown>)) {
      if (!Array.isArray(entries)) continue;
      valid[caseId] = entries.filter(
        (entry): entry is [string, string] => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'string',
      );
    }
    return valid;
  } catch {
    return {};
  }
}

/** The case's unacknowledged messages in the order they were sent; none when nothing (readable) is stored. */
export function loadPendingMessages(storage: KeyValueStorage, caseId: string): PendingMessages {
  return readAll(storage)[caseId] ?? [];
}

/** Replaces the case's entry; an empty list removes it, and the last one removes the storage entry. */
export function savePendingMessages(storage: KeyValueStorage, caseId: string, entries: PendingMessages): void {
  const all = readAll(storage);
  if (entries.length > 0) all[caseId] = entries;
  else if (caseId in all) delete all[caseId];
  else return;
  if (Object.keys(all).length === 0) storage.remove(PENDING_MESSAGES_KEY);
  else storage.set(PENDING_MESSAGES_KEY, JSON.stringify(all));
}
