// `npm run soak`: two server processes on PostgreSQL + Redis, N chats whose
// participant and lawyer sit on different instances (official @microsoft/signalr client with the product's
// reconnect-and-re-read rules), and faults during the run: kill -9 of one instance and its restart, Redis
// dropped and restored, one client's network held while its lawyer sends K messages. At the end every message
// must be stored once and shown exactly once, in order, on both sides, with no 5xx outside the killed
// instance. Prints the figures; exits 1 on any loss, double, disorder or 5xx.
//
//   npm run soak                      10 minutes, 200 chats (the figures in docs/reliability.md)
//   npm run soak -- --short           about 60 s, 20 chats (runs in npm test / CI)
//   npm run soak -- --minutes 2 --chats 50 --pause-messages 40 --redis-down 10
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/platform/storage/database.js';
import { tempDir } from '../test/support/testApp.js';
import { startCluster, type Cluster } from './cluster.js';
import { createPopulation } from './population.js';
import { SoakRun, type SoakSettings } from './soakRun.js';

function settingsFromArgs(): SoakSettings {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      minutes: { type: 'string' },
      chats: { type: 'string' },
      'pause-messages': { type: 'string' },
      'redis-down': { type: 'string' },
      'kill-down': { type: 'string' },
      'interval-ms': { type: 'string' },
    },
  });
  const short = values.short ?? false;
  const number = (raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`Ungültiger Wert: ${raw}`);
    return n;
  };
  return {
    durationMs: number(values.minutes, short ? 1 : 10) * 60_000,
    chats: Math.round(number(values.chats, short ? 20 : 200)),
    pauseMessages: Math.round(number(values['pause-messages'], short ? 20 : 150)),
    redisDownMs: number(values['redis-down'], short ? 5 : 30) * 1000,
    killDownMs: number(values['kill-down'], short ? 3 : 5) * 1000,
    // Mean pause between two messages of one chat: 200 chats → about 50 messages per second in all.
    intervalMs: number(values['interval-ms'], short ? 1000 : 4000),
    short,
  };
}

async function main(): Promise<void> {
  const settings = settingsFromArgs();
  console.info(
    `Soak: ${settings.chats} Chats, ${settings.durationMs / 60_000} min, Redis ${settings.redisDownMs / 1000} s aus, kill -9 mit ${settings.killDownMs / 1000} s Pause, ${settings.pauseMessages} Nachrichten an einen angehaltenen Client`,
  );
  let cluster: Cluster | undefined;
  const dataDir = tempDir('rechtschat-soak-db-');
  try {
    cluster = await startCluster();
    const { db } = openDatabase({ databaseUrl: cluster.schema.url, dataDir });
    try {
      const population = await createPopulation(db, settings.chats, cluster.sessionSecret);
      const run = new SoakRun(settings, cluster, population, db);
      const report = await run.execute();
      console.info(report.markdown);
      if (report.failures.length > 0) {
        console.error(`SOAK FEHLGESCHLAGEN:\n- ${report.failures.join('\n- ')}`);
        process.exitCode = 1;
      } else {
        console.info('Soak bestanden: jede Nachricht genau einmal und in Reihenfolge auf beiden Seiten, keine 5xx außerhalb der beendeten Instanz.');
      }
    } finally {
      await db.destroy();
    }
  } finally {
    await cluster?.stop();
  }
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error('Soak abgebrochen:', error);
    process.exit(1);
  },
);
