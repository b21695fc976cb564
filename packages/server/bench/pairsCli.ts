// `npm run --silent bench:pairs -- N`: creates N accepted chats for the shared load driver
// (../shared/bench/product.sh) and prints one JSON line {"chatId","participantCookie","lawyerCookie"}
// per chat on stdout and nothing else. It reads DATA_DIR / DATABASE_URL and SESSION_SECRET the
// same way the server does, so the sessions it creates are valid for the running server.
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { createPairs } from './setup.js';

const MAX_PAIRS = 10_000;

function pairCount(raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAIRS) {
    process.stderr.write(`Aufruf / usage: npm run --silent bench:pairs -- N   (N = 1–${MAX_PAIRS})\n`);
    process.exit(2);
  }
  return n;
}

const count = pairCount(process.argv[2]);
const config = loadConfig();
const { db } = openDatabase(config);
try {
  // The server migrates on start; migrating here too lets the script run before the server has.
  await migrateToLatest(db);
  const pairs = await createPairs(db, count, config.sessionSecret, (pair) => {
    process.stdout.write(`${JSON.stringify(pair)}\n`);
  });
  process.stderr.write(`${pairs.length} Chats angelegt.\n`);
} finally {
  await db.destroy();
}
