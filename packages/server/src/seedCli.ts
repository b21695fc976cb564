// `npm run seed [-- --json]`: creates the demo data if missing and prints it.
import { loadConfig } from './platform/config.js';
import { systemClock } from './platform/clock.js';
import { runCli, withMigratedDatabase } from './platform/cli.js';
import { demoBanner, seedDemoData } from './seed.js';

async function run(): Promise<number> {
  const asJson = process.argv.includes('--json');
  const config = loadConfig();
  if (!config.demoData) {
    console.error('Demodaten werden nur bei NODE_ENV=development angelegt.');
    return 1;
  }
  return withMigratedDatabase(config, async (db) => {
    const demo = await seedDemoData(db, systemClock, config);
    if (asJson) {
      const { consoleUrl: _consoleUrl, ...json } = demo;
      process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    } else {
      console.info(demoBanner(demo));
    }
    return 0;
  });
}

runCli(run);
