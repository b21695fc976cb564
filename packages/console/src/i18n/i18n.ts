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

/** Every time the console shows is Europe/Berlin wall time, as in the web app: client and lawyer read the same clock. */
export const TIME_ZONE = 'Europe/Berlin';

// Made on first use: building an Intl formatter is costly, formatting with one is cheap.
let timeFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** "14:05" for an ISO 8601 instant, in Europe/Berlin whatever the browser's zone. */
export function formatTime(iso: string): string {
  timeFormat ??= new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
  return timeFormat.format(new Date(iso));
}

/** "22.11.2026, 14:05" for an ISO 8601 instant, in Europe/Berlin whatever the browser's zone. */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  return dateTimeFormat.format(new Date(iso));
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** "1. Januar 2032" for an ISO 8601 instant: the Europe/Berlin calendar day, whatever the browser's zone. */
export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: TIME_ZONE });
  return dateFormat.format(new Date(iso));
}

let numberFormat: Intl.NumberFormat | undefined;

/** "4,5" for 4.5: numbers as German readers write them. */
export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
  return numberFormat.format(value);
}
