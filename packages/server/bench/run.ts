// `npm run bench`: hub throughput and latency for N concurrent chats (participant + lawyer
// each, raw ws clients speaking the SignalR JSON protocol) against the real server process.
// Prints the figures and writes them into docs/performance.md (server section).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/platform/storage/database.js';
import { spawnServer } from '../test/support/childServer.js';
import { connectRawHub, type RawHubClient } from './rawHubClient.js';
import { createPairs } from './setup.js';

// Random per run, as `openssl rand -base64 48` prints one: a production start refuses patterned secrets (config.ts).
const SESSION_SECRET = crypto.randomBytes(48).toString('base64');
const sizes = (process.env.BENCH_SIZES ?? '100,1000').split(',').map(Number);
const roundTrips = Number(process.env.BENCH_ROUND_TRIPS ?? 5);
const docsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/performance.md');

interface Result {
  readonly chats: number;
  readonly connections: number;
  readonly delivered: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly peakRssMb: number;
  readonly connectSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function peakRssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

async function measure(chats: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rechtschat-bench-'));
  const server = await spawnServer({ DATA_DIR: dataDir, SESSION_SECRET });
  try {
    const { db } = openDatabase({ databaseUrl: null, dataDir });
    const pairs = await createPairs(db, chats, SESSION_SECRET);
    await db.destroy();

    const connectStart = performance.now();
    const clients = await inBatches(pairs, 50, async (pair) => ({
      pair,
      participant: await connectRawHub(server.chatUrl, pair.participantCookie, 'participant'),
      lawyer: await connectRawHub(server.chatUrl, pair.lawyerCookie, 'lawyer'),
    }));
    const connectSeconds = (performance.now() - connectStart) / 1000;

    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(clients.map(({ pair, participant, lawyer }) => chatRoundTrips(pair.chatId, participant, lawyer, latencies)));
    const seconds = (performance.now() - started) / 1000;
    for (const c of clients) {
      c.participant.close();
      c.lawyer.close();
    }
    latencies.sort((a, b) => a - b);
    return {
      chats,
      connections: chats * 2,
      delivered: latencies.length,
      seconds,
      perSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      peakRssMb: peakRssMb(server.process.pid),
      connectSeconds,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Participant asks, lawyer answers on receipt; each delivery's latency is send → receipt on the other side. */
function chatRoundTrips(chatId: string, participant: RawHubClient, lawyer: RawHubClient, latencies: number[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let round = 0;
    const sendQuestion = () => {
      participant.invoke('SendMessage', chatId, `Frage ${round} @${performance.now()}`, `bench-p-${chatId.slice(0, 8)}-${round}`).catch(reject);
    };
    lawyer.on('DistributeMessage', (message) => {
      const m = message as { Message: string; Author: { Id: string } | null; ChatId: string };
      if (!m.Message.startsWith('Frage ')) return;
      latencies.push(performance.now() - Number(m.Message.split('@')[1]));
      lawyer.invoke('SendMessage', chatId, `Antwort ${round} @${performance.now()}`, `bench-l-${chatId.slice(0, 8)}-${round}`).catch(reject);
    });
    participant.on('DistributeMessage', (message) => {
      const m = message as { Message: string };
      if (!m.Message.startsWith('Antwort ')) return;
      latencies.push(performance.now() - Number(m.Message.split('@')[1]));
      round += 1;
      if (round >= roundTrips) resolve();
      else sendQuestion();
    });
    sendQuestion();
  });
}

function table(results: readonly Result[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.chats} | ${r.connections} | ${r.delivered} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.peakRssMb} | ${r.connectSeconds.toFixed(1)} |`,
  );
  return [
    '| Chats | Connections | Messages delivered | Messages/s | p50 latency (ms) | p99 latency (ms) | Peak server RSS (MB) | Connect time (s) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function writeDocs(results: readonly Result[]): void {
  const section = [
    '<!-- server-bench:start -->',
    "### The product's own hub bench (`npm run bench:hub`, generated)",
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, SQLite (WAL, synchronous=FULL), one server process; 1-min load average before the run ${loadBefore.toFixed(1)} (figures vary between runs; compare within one run).`,
    `Each chat has a participant and a lawyer connection (raw \`ws\`, SignalR JSON protocol). The participant sends a message, the lawyer answers on receipt; ${roundTrips} round trips per chat, all chats at once. Latency is send → DistributeMessage at the other side, so it includes the durable commit (fsync) before distribution. The clients run on the same machine and share its CPU with the server.`,
    '',
    table(results),
    '<!-- server-bench:end -->',
  ].join('\n');
  const existing = fs.existsSync(docsFile) ? fs.readFileSync(docsFile, 'utf8') : '# Performance\n';
  const pattern = /<!-- server-bench:start -->[\s\S]*<!-- server-bench:end -->/;
  const next = pattern.test(existing) ? existing.replace(pattern, section) : `${existing.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(docsFile, next);
}

const loadBefore = os.loadavg()[0] ?? 0;
const results: Result[] = [];
for (const size of sizes) {
  console.info(`Messe ${size} gleichzeitige Chats …`);
  results.push(await measure(size));
}
console.info(table(results));
writeDocs(results);
console.info(`Ergebnisse geschrieben nach ${docsFile}`);
