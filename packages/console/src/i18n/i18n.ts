// i18next set-up of the console: German only (de-DE), initialised synchronously like packages/web.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { consoleDe } from './texts.de.js';

export const LOCALE = 'de-DE';

export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: LOCALE,
    fallbackLng: LOCALE,
    supportedLngs: [LOCALE],
    resources: { [LOCALE]: { console: { ...consoleDe } } },
    ns: ['console'],
    defaultNS: 'console',
    keySeparator: false,
    // React escapes output itself.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** "14:05" for an ISO date, Europe/Berlin as the browser shows it. */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
