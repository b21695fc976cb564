// The app's start, loaded by main.tsx once the static page frame is painted: read the start-up
// configuration once, render, and build the container from its own chunk meanwhile (inversify and the
// adapters are not on the first-paint path, issue 12); then load the public settings.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { createSessionStorage } from '@rechtschat/adapters';
import { readAppConfig, rememberSecondLevelParam } from './app-config.js';
import { DeferredErrorReporterToken, LoggerToken, ProductApiToken } from './tokens.js';
import { createI18n } from '../i18n/i18n.js';

const config = rememberSecondLevelParam(readAppConfig(window.location.search, import.meta.env), createSessionStorage());
const i18n = createI18n();
const container = import('./container.js').then((m) => m.createAppContainer({ config, i18n }));
// A case-file link needs the case-file chunk next: request it beside the container, not after it (issue 12).
if (window.location.pathname.startsWith('/digitale-fallakte')) import('../casefile/CaseFileArea.js').catch(() => undefined);

// Until the container is there a rejection is only logged, as the reporter would do without Sentry.
window.addEventListener('unhandledrejection', (event) => {
  void container.then(
    (c) => c.get(DeferredErrorReporterToken).captureException(event.reason, { source: 'unhandledrejection' }),
    () => console.error(event.reason),
  );
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Element #root fehlt in index.html.');
const root = createRoot(rootElement);
// A transition: React renders the app in slices of a few milliseconds and leaves the static frame on
// screen until it is done, so a slow phone stays responsive while the first render runs (issue 12).
startTransition(() => {
  root.render(
    <StrictMode>
      <App container={container} config={config} i18n={i18n} />
    </StrictMode>,
  );
});

void container.then(async (c) => {
  const logger = c.get(LoggerToken);
  const { loadPublicSettings, startErrorReporting } = await import('./startup.js');
  const settings = await loadPublicSettings(c.get(ProductApiToken), logger);
  if (settings) await startErrorReporting(settings, c.get(DeferredErrorReporterToken), logger);
});
export {};
