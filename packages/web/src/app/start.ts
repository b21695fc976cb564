// The app's start, loaded by main.tsx once the static page frame is painted. It works in
// separate tasks, so no single one blocks a slow phone for long: read the start-up configuration; load
// i18next and the German texts; then React and the route table (app/renderApp.tsx) and render. The
// container is built from its own chunk meanwhile; afterwards the public settings are loaded.
import { createSessionStorage } from '@rechtschat/adapters';
import { readAppConfig, readBranding, rememberSecondLevelParam } from './appConfig.js';
import { DeferredErrorReporterToken, LoggerToken, ProductApiToken } from './tokens.js';

/** Resolves in a later task: the browser may paint and handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Element #root fehlt in index.html.');
  const config = rememberSecondLevelParam(readAppConfig(window.location.search, import.meta.env, readBranding(document)), createSessionStorage());
  const { createI18n } = await import('../i18n/i18n.js');
  const i18n = createI18n();
  const container = import('./container.js').then((m) => m.createAppContainer({ config, i18n }));
  // A case-file link needs the case-file chunk next: request it beside the container, not after it.
  if (window.location.pathname.startsWith('/digitale-fallakte')) import('../casefile/CaseFileArea.js').catch(() => undefined);

  // Until the container is there a rejection is only logged, as the reporter would do without Sentry.
  window.addEventListener('unhandledrejection', (event) => {
    void container.then(
      (c) => c.get(DeferredErrorReporterToken).captureException(event.reason, { source: 'unhandledrejection' }),
      () => console.error(event.reason),
    );
  });

  await nextTask();
  const { renderApp } = await import('./renderApp.js');
  renderApp(rootElement, { container, config, i18n });

  void container.then(async (c) => {
    const logger = c.get(LoggerToken);
    const { loadPublicSettings, startErrorReporting } = await import('./startup.js');
    const settings = await loadPublicSettings(c.get(ProductApiToken), logger);
    if (settings) await startErrorReporting(settings, c.get(DeferredErrorReporterToken), logger);
  });
}

start().catch((error: unknown) => console.error('Die Anwendung konnte nicht gestartet werden.', error));
