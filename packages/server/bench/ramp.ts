// `npm run bench:ramp`: the highest message rate each target carries with p99 ≤ 100 ms, from repeated runs of the
// shared side-by-side bench (`bash ../shared/bench/product.sh`, which starts the product and runs the same load on raw
// ws, a SignalR relay, Socket.IO, the durable Socket.IO relay and the product, one after the other, in one run).
//
//   npm run bench:ramp                                  SQLite, 1,000 chats, 1, 2, 3, 4, 5, 6, 8, 10 msgs/s per chat
//   npm run bench:ramp -- --engine postgres             PostgreSQL + Redis (a fresh schema per step in TEST_DATABASE_URL's database)
//   npm run bench:ramp -- --pairs 500 --rates 2,4,8 --seconds 10 --p99 100
//
// A step passes for a target when its p99 is at or below the limit and nothing was lost, doubled or reordered. The
// ramp goes up until the product fails a step (or the rates run out); a target's figure is the highest step it passed
// before its first failed step. Prints one table and a line per target; the raw JSON lines stay in the output folder.
// This is a benchmark, not a test: compare the targets within one ramp, never absolute figures across machines.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestSchema, type TestSchema } from '../test/support/postgres.js';

interface RunResult {
  readonly target: string;
  readonly pairsConnected: number;
  readonly sent: number;
  readonly delivered: number;
  readonly lost: number;
  readonly duplicates: number;
  readonly reordered: number;
  readonly msgsPerSec: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number };
  readonly server?: { readonly cpuMsPer1kMsgs?: number };
}

interface Step {
  readonly ratePerChat: number;
  readonly results: ReadonlyMap<string, RunResult>;
}

const repoRoot = resolve(import.meta.dirname, '../../..');
const productSh = resolve(repoRoot, '../shared/bench/product.sh');

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    pairs: { type: 'string', default: '1000' },
    rates: { type: 'string', default: '1,2,3,4,5,6,8,10' },
    seconds: { type: 'string', default: '10' },
    p99: { type: 'string', default: '100' },
  },
});

const pairs = Number(values.pairs);
const rates = (values.rates ?? '').split(',').map(Number);
const p99Limit = Number(values.p99);
if (!Number.isInteger(pairs) || pairs < 1 || rates.some((rate) => !(rate > 0)) || !(p99Limit > 0)) {
  console.error('Ungültige Optionen: --pairs N, --rates R1,R2,… (Nachrichten/s je Chat), --p99 MS');
  process.exit(2);
}
if (values.engine !== 'sqlite' && values.engine !== 'postgres') {
  console.error('--engine sqlite oder postgres');
  process.exit(2);
}

/** PostgreSQL + Redis: a schema of its own per step (TEST_DATABASE_URL's database), so every step starts empty. */
function productEnv(schema: TestSchema | null): string {
  if (schema === null) return '';
  return `DATABASE_URL=${schema.url} REDIS_URL=${process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'}`;
}

async function runStep(ratePerChat: number, outDir: string): Promise<ReadonlyMap<string, RunResult>> {
  const schema = values.engine === 'postgres' ? await createTestSchema() : null;
  try {
    return await runProductSh(ratePerChat, outDir, productEnv(schema));
  } finally {
    // The stopped server's last transaction may still hold its locks in PostgreSQL ("deadlock detected" against the
    // DROP, seen once): the step's figures are measured by then, and a schema left behind only takes some disk.
    await schema?.drop().catch((error: unknown) => console.warn(`Schema ${schema.schema} nicht gelöscht: ${String(error)}`));
  }
}

function runProductSh(ratePerChat: number, outDir: string, productEnvironment: string): Promise<ReadonlyMap<string, RunResult>> {
  const stepDir = join(outDir, `rate-${ratePerChat}`);
  const args = [productSh, '--pairs', String(pairs), '--rate', String(ratePerChat), '--seconds', String(values.seconds)];
  const env = { ...process.env, OUTDIR: stepDir, PRODUCT_ENV: productEnvironment };
  return new Promise((done, fail) => {
    const child = spawn('bash', args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`product.sh endete mit ${code} bei ${ratePerChat}/s je Chat`));
      const file = readdirSync(stepDir).find((name) => name.startsWith('compare-') && name.endsWith('.jsonl'));
      if (!file) return fail(new Error(`keine Ergebnisse in ${stepDir}`));
      const lines = readFileSync(join(stepDir, file), 'utf8').trim().split('\n');
      const results = lines.map((line) => JSON.parse(line) as RunResult);
      done(new Map(results.map((result) => [result.target, result])));
    });
  });
}

function carries(result: RunResult | undefined): boolean {
  if (!result) return false;
  const clean = result.lost === 0 && result.duplicates === 0 && result.reordered === 0 && result.pairsConnected === pairs;
  return clean && result.latencyMs.p99 <= p99Limit;
}

/** The highest step a target passed before its first failed step (0 when it failed the first). */
function highestCarried(steps: readonly Step[], target: string): number {
  let best = 0;
  for (const step of steps) {
    if (!carries(step.results.get(target))) break;
    best = step.ratePerChat * pairs;
  }
  return best;
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-ramp-'));
  console.error(`# ramp: ${values.engine}, ${pairs} chats, rates per chat ${rates.join(', ')}, p99 ≤ ${p99Limit} ms; output ${outDir}`);
  const steps: Step[] = [];
  for (const ratePerChat of rates) {
    const results = await runStep(ratePerChat, outDir);
    steps.push({ ratePerChat, results });
    if (!carries(results.get('product'))) break;
  }
  const targets = [...new Set(steps.flatMap((step) => [...step.results.keys()]))];
  const cell = (result: RunResult | undefined) =>
    result
      ? `${result.latencyMs.p99} ms${result.lost || result.duplicates || result.reordered ? ` (${result.lost} lost)` : ''}${carries(result) ? '' : ' ✗'}`
      : '–';
  console.info(`\n### Ramp, ${values.engine}, ${pairs} chats, ${values.seconds} s per step: p99 per step (✗ = over ${p99Limit} ms or not clean)\n`);
  console.info(`| msgs/s offered | ${targets.join(' | ')} |`);
  console.info(`|---:|${targets.map(() => '---:').join('|')}|`);
  for (const step of steps) console.info(`| ${step.ratePerChat * pairs} | ${targets.map((target) => cell(step.results.get(target))).join(' | ')} |`);
  console.info(`\n| target | highest rate with p99 ≤ ${p99Limit} ms (msgs/s) |\n|---|---:|`);
  for (const target of targets) console.info(`| ${target} | ${highestCarried(steps, target)} |`);
  const product = highestCarried(steps, 'product');
  const peer = highestCarried(steps, 'socketio-durable');
  const lastStepPassed = carries(steps.at(-1)?.results.get('product'));
  const ratio = peer > 0 ? `${(product / peer).toFixed(2)}×` : 'n/a (the peer failed the first step)';
  console.info(`\nproduct / socketio-durable: ${ratio}${lastStepPassed ? ' (the product passed every step: its ceiling is higher still)' : ''}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
