// Bot transcript entries as chat screen messages.
import type { BotTranscriptEntry } from '../bot/index.js';
import type { DisplayMessage } from './chatController.types.js';

/** A bot transcript entry (bot text as i18n key, or the participant's echoed answer) as displayed. */
export function fromBotEntry(entry: BotTranscriptEntry): DisplayMessage {
  return {
    id: entry.id,
    kind: entry.author === 'bot' ? 'bot' : 'participant',
    text: entry.text,
    isI18nKey: entry.isI18nKey,
    params: entry.params,
    created: new Date(entry.shownAt).toISOString(),
    highlighted: entry.highlighted,
    pending: false,
  };
}
