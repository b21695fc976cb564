// i18next set-up: German only (de-DE), initialised synchronously with the texts the first page needs.
// Areas in lazily loaded chunks (chat screen, bot, legal pages) add their own texts with `useTexts`.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { caseFileLoginDe } from './de-DE/caseFileLogin.js';
import { chatPagesDe } from './de-DE/chatPages.js';
import { commonDe } from './de-DE/common.js';

export const LOCALE = 'de-DE';

/** Every namespace; `chat` starts with the chat pages' texts, the chat screen merges its own in. */
export const NAMESPACES = ['common', 'chat', 'bot', 'legal'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A namespace's texts: flat keys (with dots) to German strings. */
export type Texts = Readonly<Record<string, string>>;

/** The German texts in the start chunk, by namespace (several files may fill one namespace). */
export const initialResourcesDe: { readonly [N in Namespace]?: readonly Texts[] } = {
  common: [commonDe, caseFileLoginDe],
  chat: [chatPagesDe],
};

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
    // Copies: i18next merges added texts into the stored objects, which must not leak into other instances.
    resources: { [LOCALE]: Object.fromEntries(Object.entries(initialResourcesDe).map(([ns, files]) => [ns, Object.assign({}, ...files) as Texts])) },
    ns: [...NAMESPACES],
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

const added = new WeakMap<i18n, WeakSet<Texts>>();

/** Merges `texts` into namespace `ns` once per instance; existing keys are kept. */
export function addTexts(instance: i18n, ns: Namespace, texts: Texts): void {
  const done = added.get(instance) ?? new WeakSet<Texts>();
  added.set(instance, done);
  if (done.has(texts)) return;
  instance.addResourceBundle(LOCALE, ns, texts, true, false);
  done.add(texts);
}
