import type { TFunction } from 'i18next';
import type { DisplayMessage } from '@rechtschat/core';

/**
 * The plain text of a message: bot messages are i18n keys filled with params, everything else is
 * shown verbatim. React escapes the result, so i18next must not escape a second time.
 */
export function messageText(message: DisplayMessage, t: TFunction): string {
  if (!message.isI18nKey) return message.text;
  return t(message.text, { ...message.params, interpolation: { escapeValue: false } });
}
