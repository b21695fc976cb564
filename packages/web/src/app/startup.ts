// Start-up work that must not delay the first render: public settings, then (only with a DSN) Sentry.
import { firstValueFrom } from 'rxjs';
import type { Logger, ProductApi, PublicSettings } from '@rechtschat/core';
import type { DeferredErrorReporter } from '@rechtschat/adapters';

export const CONFIG_LOAD_FAILED = 'Konfiguration konnte nicht geladen werden';

/** A failure to read the public settings is logged to the console, nothing else. */
export async function loadPublicSettings(productApi: ProductApi, logger: Logger): Promise<PublicSettings | null> {
  const result = await firstValueFrom(productApi.getPublicSettings());
  if (result._tag === 'Right') return result.right;
  logger.error(CONFIG_LOAD_FAILED, result.left);
  return null;
}

/** Loads the Sentry module lazily and attaches it to the reporter when a DSN is configured. */
export async function startErrorReporting(settings: PublicSettings, reporter: DeferredErrorReporter, logger: Logger): Promise<void> {
  if (settings.SentryDsn.trim() === '') return;
  try {
    const { initSentry } = await import('@rechtschat/adapters/sentry');
    const sink = await initSentry(settings, logger);
    if (sink) reporter.attach(sink);
  } catch (cause) {
    logger.warn('Fehlerberichte konnten nicht aktiviert werden', cause);
  }
}
