// How bot transcript entries leave the browser: as German text for the server (the
// lawyer and the PDF read it), and the onboarding draft in the tab's session storage, so a
// reload before the chat starts continues where the participant was. The onboarding reaches
// the server with StartChat only: an abandoned onboarding leaves nothing on the server.
import type { BotRunner, BotRunnerResume, BotState, BotTranscriptEntry } from '../bot/index.js';
import type { KeyValueStorage } from '../ports/platform.js';
import type { BotProgress, TranscriptEntry } from '../wire/index.js';

/** i18next's t in the browser; renders a bot message key with its parameters. */
export type Translate = (key: string, params?: Readonly<Record<string, string>>) => string;

export const ONBOARDING_DRAFT_KEY = 'rechtschat.chat.onboarding';

export function toTranscriptEntry(entry: BotTranscriptEntry, translate: Translate): TranscriptEntry {
  return {
    ClientId: entry.id,
    Author: entry.author,
    Message: entry.isI18nKey ? translate(entry.text, entry.params) : entry.text,
    Created: new Date(entry.shownAt).toISOString(),
    ...(entry.highlighted ? { Highlighted: true } : {}),
  };
}

export function progressOf(runner: BotRunner): BotProgress {
  const { stepIndex, status, collected } = runner.getState();
  return { Script: 'offboarding', StepIndex: stepIndex, Status: status, Collected: { ...collected }, LastEntry: runner.lastEntry() };
}

/** The resume point of a stored offboarding: entries are in the server's history, only the state continues. */
export function offboardingResume(progress: BotProgress): BotRunnerResume {
  return { state: { stepIndex: progress.StepIndex, status: progress.Status, collected: progress.Collected }, entries: [], lastEntry: progress.LastEntry };
}

interface OnboardingDraft {
  readonly v: 1;
  readonly state: BotState;
  readonly entries: readonly BotTranscriptEntry[];
  readonly lastEntry: number;
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null;

function isEntry(u: unknown): u is BotTranscriptEntry {
  return (
    isRecord(u) &&
    typeof u['id'] === 'string' &&
    (u['author'] === 'bot' || u['author'] === 'participant') &&
    typeof u['text'] === 'string' &&
    typeof u['shownAt'] === 'number' &&
    isRecord(u['params'])
  );
}

/** The saved onboarding, or undefined when there is none or it is unreadable (then the bot starts over). */
export function loadOnboardingDraft(storage: KeyValueStorage): BotRunnerResume | undefined {
  const raw = storage.get(ONBOARDING_DRAFT_KEY);
  if (raw === null) return undefined;
  try {
    const draft: unknown = JSON.parse(raw);
    if (!isRecord(draft) || draft['v'] !== 1 || !isRecord(draft['state']) || !Array.isArray(draft['entries']) || typeof draft['lastEntry'] !== 'number')
      return undefined;
    const state = draft['state'];
    if (typeof state['stepIndex'] !== 'number' || typeof state['status'] !== 'string' || !isRecord(state['collected'])) return undefined;
    if (!draft['entries'].every(isEntry)) return undefined;
    return { state: state as unknown as BotState, entries: draft['entries'], lastEntry: draft['lastEntry'] };
  } catch {
    return undefined;
  }
}

export function saveOnboardingDraft(storage: KeyValueStorage, runner: BotRunner, entries: readonly BotTranscriptEntry[]): void {
  const draft: OnboardingDraft = { v: 1, state: runner.getState(), entries, lastEntry: runner.lastEntry() };
  storage.set(ONBOARDING_DRAFT_KEY, JSON.stringify(draft));
}

export function clearOnboardingDraft(storage: KeyValueStorage): void {
  storage.remove(ONBOARDING_DRAFT_KEY);
}
