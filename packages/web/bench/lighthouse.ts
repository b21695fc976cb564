// `npm run bench:lighthouse`: Lighthouse 12 (mobile, its default emulation and simulated
// throttling) against the real server serving the production build, on the two links users
// arrive by: the chat entry link and the case-file link (from the demo data). Each page runs
// RUNS times (default 3); the run with the median performance score is reported. A script,
// not a test: the figures vary with the load on the machine.
//
//   npm run bench:lighthouse            CHROME_PATH (default /usr/bin/chromium), RUNS, LIGHTHOUSE_OUT, LIGHTHOUSE_REPORTS
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverDir = path.join(repoRoot, 'packages', 'server');
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Figures {
  readonly performance: number;
  readonly accessibility: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly speedIndexMs: number;
  readonly scriptKb: number;
  readonly totalKb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy: ${url}`);
}

async function startServer(): Promise<{ env: Record<string, string>; web: string; stop: () => void }> {
  const [port, chatPort] = [await freePort(), await freePort()];
  const web = `http://127.0.0.1:${port}`;
  const env = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    CHAT_PORT: String(chatPort),
    WEB_ORIGINS: web,
    CHAT_HOST_URL: `http://127.0.0.1:${chatPort}/`,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rechtschat-lighthouse-')),
    SERVICE_HOURS: 'always',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  // Generous: the server transpiles its sources with tsx at start, which takes long on a busy machine.
  await waitHealthy(`${web}/healthz`, Date.now() + 180_000);
  return { env, web, stop: () => void child.kill('SIGTERM') };
}

function figuresOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const transfer = (type: string) => (items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    scriptKb: transfer('script'),
    totalKb: transfer('total'),
  };
}

// LIGHTHOUSE_REPORTS=DIR keeps every run's full report (LCP element, request chains) for diagnosis.
const reportDir = process.env.LIGHTHOUSE_REPORTS;

/** Runs that failed to record (e.g. Lighthouse's NO_NAVSTART trace error) are repeated, at most this often per page. */
const MAX_REPEATS = 3;

async function audit(url: string, label: string): Promise<Figures[]> {
  const results: Figures[] = [];
  let repeats = 0;
  for (let i = 0; i < runs; i += 1) {
    // A fresh browser per run: nothing cached, as for a user who opens the link for the first time.
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
      if (result.lhr.runtimeError && repeats < MAX_REPEATS) {
        // A broken recording says nothing about the page: run it again instead of counting a 0.
        console.warn(`Lauf ${i + 1} (${label}) ohne Messung (${result.lhr.runtimeError.code}), wird wiederholt.`);
        repeats += 1;
        i -= 1;
        continue;
      }
      results.push(figuresOf(result.lhr));
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        fs.writeFileSync(path.join(reportDir, `${label}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
    } finally {
      await chrome.kill();
    }
  }
  return results;
}

const median = (runsOf: Figures[]): Figures => [...runsOf].sort((a, b) => a.performance - b.performance)[Math.floor(runsOf.length / 2)] as Figures;
const ms = (value: number) => `${Math.round(value)}`;

const server = await startServer();
try {
  const seed = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'src/seedCli.ts', '--json'], { cwd: serverDir, env: server.env, encoding: 'utf8' }),
  ) as { chatUrl: string; caseFile: { url: string } };
  const pages = [
    ['chat entry link (/chat/new?InsuranceNumber=…)', seed.chatUrl, 'chat'],
    ['case-file link (/digitale-fallakte/…)', seed.caseFile.url, 'casefile'],
  ] as const;
  const rows: string[] = [];
  const json: Record<string, { median: Figures; runs: Figures[] }> = {};
  for (const [name, url, label] of pages) {
    console.info(`Lighthouse ${runs}× ${name} …`);
    const all = await audit(url, label);
    const m = median(all);
    json[name] = { median: m, runs: all };
    rows.push(
      `| ${name} | ${m.performance} (${all.map((r) => r.performance).join(', ')}) | ${m.accessibility} | ${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndexMs)} | ${m.scriptKb.toFixed(1)} | ${m.totalKb.toFixed(1)} |`,
    );
  }
  console.info(
    `\nLighthouse ${lighthouseVersion()} mobile, median of ${runs} by performance score (all runs in brackets), ${new Date().toISOString()}, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.info('| Page | Performance | Accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS transferred KiB | Total transferred KiB |');
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.info(row);
  if (process.env.LIGHTHOUSE_OUT) fs.writeFileSync(process.env.LIGHTHOUSE_OUT, `${JSON.stringify(json, null, 2)}\n`);
} finally {
  server.stop();
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}
