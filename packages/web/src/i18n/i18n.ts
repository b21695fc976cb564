// i18next set-up: German only (de-DE), resources bundled per area, initialised synchronously.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chatScreenDe } from '../chat/screen/i18n.de.js';
import { botDe } from './de-DE/bot.js';
import { chatPagesDe } from './de-DE/chatPages.js';
import { commonDe } from './de-DE/common.js';
import { legalDe } from './de-DE/legal.js';

export const LOCALE = 'de-DE';

/** The German resources by namespace. `chat` merges the chat screen's texts with the chat pages'. */
export const resourcesDe = {
  common: commonDe,
  chat: { ...chatScreenDe, ...chatPagesDe },
  bot: botDe,
  legal: legalDe,
} as const;

export type Namespace = keyof typeof resourcesDe;

/**
 * Creates an initialised i18next instance. Keys are flat strings containing dots
 * (e.g. `Bot.Offboarding.WelcomeBack1` and `Bot.Offboarding.WelcomeBack1.PhoneRequested` both exist),
 * so the key separator is off. Bot message keys arrive from core as plain keys, so `bot` and
 * `common` are fallback namespaces of every lookup.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: LOCALE,
    fallbackLng: LOCALE,
    supportedLngs: [LOCALE],
    resources: { [LOCALE]: resourcesDe },
    ns: Object.keys(resourcesDe),
    defaultNS: 'common',
    fallbackNS: ['common', 'bot'],
    keySeparator: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
