// Lets a lazily loaded area bring its own German texts, so they stay out of the entry chunk.
import { useTranslation } from 'react-i18next';
import { addTexts, type Namespace, type Texts } from './i18n.js';

/**
 * Adds the area's texts to the app's i18next instance before its children render.
 * Idempotent (once per instance and bundle), so it is safe during render and in StrictMode.
 */
export function useTexts(bundles: ReadonlyArray<readonly [Namespace, Texts]>): void {
  const { i18n } = useTranslation();
  for (const [ns, texts] of bundles) addTexts(i18n, ns, texts);
}
