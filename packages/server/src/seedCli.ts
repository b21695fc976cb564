// `npm run seed [-- --json]`: creates the demo data if missing and prints it.
import { ConfigError, loadConfig } from './platform/config.js';
import { systemClock } from './platform/clock.js';
import { demoBanner, seedDemoData } from './seed.js';
import { openDatabase } from './platform/storage/database.js';
import { migrateToLatest } from './platform/storage/migrate.js';

async function run(): Promise<number> {
  const asJson = process.argv.includes('--json');
  const config = loadConfig();
  if (!config.demoData) {
    console.error('Demodaten werden nur bei NODE_ENV=development angelegt.');
    return 1;
  }
  const { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const demo = await seedDemoData(db, systemClock, config);
    if (asJson) {
      const { consoleUrl: _consoleUrl, ...json } = demo;
      process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    } else {
      console.info(demoBanner(demo));
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
    process.exit(1);
  },
);
