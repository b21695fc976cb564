// Entry point: `node dist/main.js` (built) or `tsx src/main.ts` (`npm run dev`). Seeds demo data in development
// (NODE_ENV unset) and, on SIGTERM/SIGINT, drains and shuts down gracefully (platform/shutdown.ts).
import { startApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { demoBanner, seedDemoData } from './seed.js';
import { lowerHelperThreadPriority } from './platform/helperThreads.js';
import { drainThenExit } from './platform/shutdown.js';
import { createLogger } from './platform/logger.js';
import { checkDataDirWritable, checkPortsFree, explainStartFailure } from './platform/startupChecks.js';
import { acquireInstanceLock } from './platform/storage/instanceLock.js';
import type { Config } from './platform/config.js';
import type { Logger } from 'pino';

function refuseStart(error: ConfigError): never {
  console.error(`Konfigurationsfehler / configuration error: ${error.message}`);
  process.exit(2);
}

/**
 * Before the database is touched: DATA_DIR writable, both ports free, and on SQLite the instance lock in DATA_DIR
 * (one server per SQLite data directory; the operator CLIs take none). Each fault a ConfigError.
 */
async function checkEnvironment(config: Config, logger: Logger): Promise<void> {
  checkDataDirWritable(config.dataDir);
  await checkPortsFree(config);
  if (config.databaseUrl === null) {
    acquireInstanceLock(config.dataDir, {
      onTakeOver: ({ file, holder, reason }) =>
        logger.warn({ file, holder, reason }, 'Verwaiste Sperrdatei in DATA_DIR übernommen (die vorige Instanz endete ohne sauberes Beenden)'),
    });
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuseStart(error);
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // Listening from the start: /healthz answers before the demo data is seeded, and a SIGTERM in that gap (a rolling
  // deploy, a test) must still end in a clean shutdown, not in the signal's default of dying on the spot.
  let stopRequested: string | null = null;
  let stop: (signal: string) => void = (signal) => void (stopRequested ??= signal);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Before startApp opens the WAL checkpoint worker: only the helper threads Node and V8 started themselves.
  const helperThreads = lowerHelperThreadPriority();
  let app;
  try {
    await checkEnvironment(config, logger);
    app = await startApp({ config, logger });
  } catch (error) {
    // A taken port, an unwritable DATA_DIR, a PostgreSQL that is not there: one clear paragraph and exit 2, no stack
    // trace (the original error at debug level).
    const explained = explainStartFailure(error, config);
    if (explained === null) throw error;
    logger.debug({ err: error }, 'start failed');
    refuseStart(explained);
  }
  logger.info({ web: app.webUrl, chat: config.chatHostUrl, engine: app.ctx.engine, redis: config.redisUrl !== null, helperThreads }, 'Rechtschat gestartet');
  if (config.demoData) {
    const demo = await seedDemoData(app.ctx.db, app.ctx.clock, config);
    console.info(`\nRechtschat läuft: ${config.webOrigins[0]}/  (Chat-Host ${config.chatHostUrl})${demoBanner(demo)}`);
  }
  // Drain (SHUTDOWN_DRAIN_MS, /healthz 503), then the clean shutdown; a second signal cuts the drain short.
  stop = drainThenExit(app, { drainMs: config.shutdownDrainMs, logger, exit: (code) => process.exit(code) });
  if (stopRequested !== null) stop(stopRequested);
}

main().catch((error: unknown) => {
  console.error('Rechtschat konnte nicht starten:', error);
  process.exit(1);
});
