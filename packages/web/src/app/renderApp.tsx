// React and the route table, in their own chunk: app/start.ts imports it in a task of its own, so the
// evaluation of react-dom and the app's modules does not add to the other start-up work.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { i18n } from 'i18next';
import { App } from './App.js';
import type { AppConfig } from './appConfig.js';
import type { ContainerSource } from './ContainerContext.js';

/** Renders the app into `rootElement` (which holds the static frame until React's first render is done). */
export function renderApp(rootElement: HTMLElement, props: { readonly container: ContainerSource; readonly config: AppConfig; readonly i18n: i18n }): void {
  const root = createRoot(rootElement);
  // A transition: React renders the app in slices of a few milliseconds and leaves the static frame on
  // screen until it is done, so a slow phone stays responsive while the first render runs.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App container={props.container} config={props.config} i18n={props.i18n} />
      </StrictMode>,
    );
  });
}
