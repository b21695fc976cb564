// Browser entry: read the start-up configuration once, render the page frame at once, and build the
// container from its own chunk meanwhile (inversify and the adapters are not on the first-paint path,
// issue 12); then load the public settings.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createSessionStorage } from '@rechtschat/adapters';
import { readAppConfig, rememberSecondLevelParam } from './app/app-config.js';
import { DeferredErrorReporterToken, LoggerToken, ProductApiToken } from './app/tokens.js';
import { createI18n } from './i18n/i18n.js';

const config = rememberSecondLevelParam(readAppConfig(window.location.search, import.meta.env), createSessionStorage());
const i18n = createI18n();
const container = import('./app/container.js').then((m) => m.createAppContainer({ config, i18n }));
// A case-file link needs the case-file chunk next: request it beside the container, not after it (issue 12).
if (window.location.pathname.startsWith('/digitale-fallakte')) import('./casefile/CaseFileArea.js').catch(() => undefined);

// Until the container is there a rejection is only logged, as the reporter would do without Sentry.
window.addEventListener('unhandledrejection', (event) => {
  void container.then(
    (c) => c.get(DeferredErrorReporterToken).captureException(event.reason, { source: 'unhandledrejection' }),
    () => console.error(event.reason),
  );
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Element #root fehlt in index.html.');
createRoot(rootElement).render(
  <StrictMode>
    <App container={container} config={config} i18n={i18n} />
  </StrictMode>,
);

void container.then(async (c) => {
  const logger = c.get(LoggerToken);
  const { loadPublicSettings, startErrorReporting } = await import('./app/startup.js');
  const settings = await loadPublicSettings(c.get(ProductApiToken), logger);
  if (settings) await startErrorReporting(settings, c.get(DeferredErrorReporterToken), logger);
});
export {};
