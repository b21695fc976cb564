// Feature entry point: deletes what outlived its retention period (retentionPolicy.ts), hourly and soon after start.
// No routes. The job runs with the web origin only, so once per process; closing that origin stops it.
import type { FeaturePlugin } from '../../context.js';
import { purgeExpired, purgedAnything } from './retention.js';
import { RETENTION_INTERVAL_MS } from './retentionPolicy.js';

/** A process that restarts often would otherwise never reach the hourly run. */
const FIRST_RUN_DELAY_MS = 10_000;

export const retentionFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'web') return;
  const { db, clock, config, logger, uploadDir } = ctx;
  const run = () =>
    purgeExpired({ db, clock, dataDir: config.dataDir, uploadDir }).then(
      // Counts per data class only: the deletion is logged, the deleted content never.
      (result) => purgedAnything(result) && logger.info({ event: 'retention.purged', ...result }, 'expired data deleted'),
      (error: unknown) => logger.error({ err: error }, 'retention job failed'),
    );
  const firstRun = setTimeout(run, FIRST_RUN_DELAY_MS);
  firstRun.unref();
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(firstRun);
    clearInterval(timer);
  });
};
