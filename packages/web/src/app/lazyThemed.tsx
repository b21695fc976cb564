// React.lazy for a page or area that uses MUI: the page's chunk and the theme's load together, and the page
// renders inside the app theme. The entry every route waits for thus needs neither MUI nor emotion (issue 12).
import { lazy, type ComponentType } from 'react';
import type * as ThemedModule from './Themed.js';

/** Starts loading the theme chunk (e.g. while a session check runs); the promise is shared. */
let themeLoading: Promise<typeof ThemedModule> | null = null;
export function loadTheme(): Promise<typeof ThemedModule> {
  themeLoading ??= import('./Themed.js').catch((cause: unknown) => {
    themeLoading = null;
    throw cause;
  });
  return themeLoading;
}

export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ Themed }, Page] = await Promise.all([loadTheme(), load()]);
    function ThemedPage(props: P) {
      return (
        <Themed>
          <Page {...props} />
        </Themed>
      );
    }
    return { default: ThemedPage };
  });
}
