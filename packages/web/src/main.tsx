// Browser entry: read the start-up configuration once, build the container, render, then load settings.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createSessionStorage } from '@rechtschat/adapters';
import { readAppConfig, rememberSecondLevelParam } from './app/app-config.js';
import { createAppContainer } from './app/container.js';
import { loadPublicSettings, startErrorReporting } from './app/startup.js';
import { DeferredErrorReporterToken, LoggerToken, ProductApiToken } from './app/tokens.js';
import { createI18n } from './i18n/i18n.js';

const config = rememberSecondLevelParam(readAppConfig(window.location.search, import.meta.env), createSessionStorage());
const i18n = createI18n();
const container = createAppContainer({ config, i18n });
const logger = container.get(LoggerToken);
const reporter = container.get(DeferredErrorReporterToken);

window.addEventListener('unhandledrejection', (event) => reporter.captureException(event.reason, { source: 'unhandledrejection' }));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Element #root fehlt in index.html.');
createRoot(rootElement).render(
  <StrictMode>
    <App container={container} i18n={i18n} />
  </StrictMode>,
);

void loadPublicSettings(container.get(ProductApiToken), logger).then((settings) => (settings ? startErrorReporting(settings, reporter, logger) : undefined));
