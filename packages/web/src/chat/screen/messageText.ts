import type { TFunction } from 'i18next';
import type { DisplayMessage } from '@rechtschat/core';
import { botTextContext } from '../../i18n/botText.js';

/**
 * The plain text of a message: bot messages are i18n keys filled with params, everything else is
 * shown verbatim. React escapes the result, so i18next must not escape a second time. A known
 * lawyer's name selects the key's `_named` variant (i18next context), where there is one.
 */
export function messageText(message: DisplayMessage, t: TFunction): string {
  if (!message.isI18nKey) return message.text;
  return t(message.text, { ...message.params, ...botTextContext(message.params), interpolation: { escapeValue: false } });
}
