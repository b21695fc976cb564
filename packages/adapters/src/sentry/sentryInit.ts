// Sentry set-up from the public settings. Import this module dynamically: it is only needed when a DSN is configured.
// The layer rule's 'react' pattern also matches '@sentry/react'; only its framework-free browser API is used here.
import * as Sentry from '@sentry/react';
import type { Logger, PublicSettings } from '@rechtschat/core';
import type { ReportSink } from './deferredErrorReporter.js';

/** Replay at most 60 s, no session replays, every error replayed. */
export const REPLAY_OPTIONS = { maxReplayDuration: 60_000 } as const;
export const REPLAY_SAMPLE_RATES = { replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 1 } as const;

/** Same-origin tunnel, so ad blockers and the CSP do not stop the reports. */
// Absolute: a relative path would resolve under the current route (/chat/…) and 404.
export const SENTRY_TUNNEL = '/api/sentry-tunnel';

/** Whether error reporting is configured at all. */
export function sentryEnabled(settings: PublicSettings): boolean {
  return settings.SentryDsn.trim() !== '';
}

/**
 * Initialises Sentry when the settings carry a DSN and returns the sink for the ErrorReporter;
 * returns null (and does nothing) otherwise. The replay integration is added after init; the
 * whole module is loaded with a dynamic import (not lazyLoadIntegration, which pulls a script from
 * Sentry's CDN that the CSP forbids), so none of it is in the initial bundle.
 */
export async function initSentry(settings: PublicSettings, logger: Logger): Promise<ReportSink | null> {
  if (!sentryEnabled(settings)) return null;
  Sentry.init({
    dsn: settings.SentryDsn,
    tunnel: SENTRY_TUNNEL,
    release: settings.VersionTag,
    environment: settings.Environment,
    ...REPLAY_SAMPLE_RATES,
  });
  try {
    Sentry.addIntegration(Sentry.replayIntegration({ ...REPLAY_OPTIONS, maskAllText: true, blockAllMedia: true }));
  } catch (cause) {
    logger.warn('Sitzungsaufzeichnung für Fehlerberichte nicht verfügbar', cause);
  }
  return (error, context) => {
    Sentry.captureException(error, context === undefined ? undefined : { extra: context });
  };
}
