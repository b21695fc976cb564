/// <reference types="node" />
// The one way tests start the real server: e2e journeys, the adapters' real-server tests and
// the server's contract test all run the entry point as a child process – as `npm start` does – on free loopback
// ports with their own DATA_DIR, wait for /healthz on both origins and read the demo data from the seed CLI.
// Exported as `@rechtschat/server/testing`; it imports nothing from the server's sources (the server is started
// by path), so depending on it never pulls server code into another package.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** packages/server: the child runs there, so `src/main.ts` and `dist/main.js` resolve the same from every caller. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runFile = promisify(execFile);

/** What `npm run seed -- --json` prints: the demo accounts of the fresh data directory. */
export interface SeedData {
  /** The demo insurance number, base64 as the chat link carries it. */
  readonly insuranceNumber: string;
  readonly chatUrl: string;
  readonly caseFile: { readonly url: string; readonly token: string; readonly pin: string; readonly phoneNumberPart: string };
  readonly lawyer: { readonly email: string; readonly password: string };
}

export interface ServerPorts {
  readonly web: number;
  readonly chat: number;
}

export interface ServerProcessOptions {
  /**
   * Environment on top of the defaults (NODE_ENV development, LOG_LEVEL warn, HOST 127.0.0.1, the ports, DATA_DIR,
   * CHAT_HOST_URL and WEB_ORIGINS from `hostName`). A function sees the chosen ports; `undefined` removes a variable.
   */
  readonly env?: Readonly<Record<string, string | undefined>> | ((ports: ServerPorts) => Readonly<Record<string, string | undefined>>);
  /** Variables of the surrounding shell that must not leak in (e.g. a shared DATABASE_URL). */
  readonly dropInherited?: readonly string[];
  /** Host name in the returned URLs, CHAT_HOST_URL and WEB_ORIGINS. Default 127.0.0.1. */
  readonly hostName?: 'localhost' | '127.0.0.1';
  /** Fixed ports, so a restarted instance comes back on the same addresses. Default: two free ones. */
  readonly ports?: ServerPorts;
  /** An existing DATA_DIR, kept on stop. Default: a fresh temporary directory, removed on stop. */
  readonly dataDir?: string;
  /**
   * 'source' runs src/main.ts through tsx (`npm run dev`); 'built' runs dist/main.js (`npm start`, `npm run start:prod`),
   * building it first when it is older than the sources (ensureServerBuilt), and seeds with dist/seedCli.js.
   */
  readonly entry?: 'source' | 'built';
  /** Read the demo data with the seed CLI once healthy (needs NODE_ENV development). Default true. */
  readonly seed?: boolean;
  readonly healthTimeoutMs?: number;
  /** How many output lines `logTail()` keeps. Default 300. */
  readonly logLines?: number;
  /** Every chunk the server prints, e.g. to pass it through while debugging. */
  readonly onOutput?: (chunk: Buffer, stream: 'stdout' | 'stderr') => void;
}

export interface ServerProcess {
  /** Web origin, no trailing slash. */
  readonly webUrl: string;
  /** Chat host base address with trailing slash, as `GET /api/chat/url` answers it (CHAT_HOST_URL). */
  readonly chatUrl: string;
  readonly ports: ServerPorts;
  readonly dataDir: string;
  /** The child's whole environment (e.g. to run `npm run seed` against it). */
  readonly env: Readonly<Record<string, string>>;
  /** The demo data; empty when started with `seed: false`. */
  readonly seed: SeedData;
  /** The current child process. */
  readonly process: ChildProcess;
  /** The server's most recent output lines (both streams). */
  logTail(): string;
  /** kill -9 (no shutdown code runs), then start again on the same data and ports. */
  restart(): Promise<void>;
  /** kill -9 without restarting. */
  kill9(): Promise<void>;
  /** SIGTERM, wait for the exit, remove a temporary DATA_DIR. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the OS picks it for a throw-away listener). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Two distinct free ports: the web origin and the chat host. */
export async function freeServerPorts(): Promise<ServerPorts> {
  const web = await freePort();
  let chat = await freePort();
  while (chat === web) chat = await freePort();
  return { web, chat };
}

/** Keeps the last lines the server printed, for the message of a failed start or test. */
class LogTail {
  private readonly lines: string[] = [];
  constructor(private readonly max: number) {}
  add(chunk: Buffer): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  text(): string {
    return this.lines.join('\n');
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitHealthy(url: string, child: ChildProcess, log: LogTail, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log.text()}`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false, // not listening yet
    );
    if (ok) return;
    // Polling readiness of another process: there is no event to wait for.
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${log.text()}`);
}

function childEnv(options: ServerProcessOptions, ports: ServerPorts, dataDir: string, urls: { web: string; chat: string }): Record<string, string> {
  const drop = new Set(options.dropInherited ?? []);
  const inherited = Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !drop.has(e[0]));
  const extra = typeof options.env === 'function' ? options.env(ports) : (options.env ?? {});
  const merged: Record<string, string | undefined> = {
    ...Object.fromEntries(inherited),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(ports.web),
    CHAT_PORT: String(ports.chat),
    DATA_DIR: dataDir,
    CHAT_HOST_URL: urls.chat,
    WEB_ORIGINS: urls.web,
    ...extra,
  };
  return Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Attempts before a taken port fails: another test process may take a free port between probe and listen. */
const LISTEN_ATTEMPTS = 5;

/** Starts the real server as a child process and resolves once both origins answer /healthz (and the seed is read). */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (options.entry === 'built') await ensureServerBuilt();
  if (options.ports) return startServerProcessOn(options.ports, options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerProcessOn(await freeServerPorts(), options);
    } catch (error) {
      // The child printed the listen error and exited; it was stopped, so new ports can be tried.
      // The start's own check answers a taken port in words (platform/startupChecks.ts); Node's listen error says EADDRINUSE.
      if (!/EADDRINUSE|already in use/.test(String(error)) || attempt >= LISTEN_ATTEMPTS) throw error;
    }
  }
}

async function startServerProcessOn(ports: ServerPorts, options: ServerProcessOptions): Promise<ServerProcess> {
  const host = options.hostName ?? '127.0.0.1';
  const urls = { web: `http://${host}:${ports.web}`, chat: `http://${host}:${ports.chat}/` };
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rechtschat-server-'));
  const env = childEnv(options, ports, dataDir, urls);
  // The built server with production's heap flag (`start:prod`, ADR 0013); source maps on, so a failing test's log
  // names source lines.
  const args = options.entry === 'built' ? ['--max-semi-space-size=8', '--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const log = new LogTail(options.logLines ?? 300);
  const timeoutMs = options.healthTimeoutMs ?? 60_000;

  const spawnChild = (): ChildProcess => {
    const started = spawn(process.execPath, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of ['stdout', 'stderr'] as const) {
      started[stream]?.on('data', (chunk: Buffer) => {
        log.add(chunk);
        options.onOutput?.(chunk, stream);
      });
    }
    return started;
  };
  const healthy = async (started: ChildProcess) => {
    await waitHealthy(`http://127.0.0.1:${ports.chat}/healthz`, started, log, timeoutMs);
    await waitHealthy(`http://127.0.0.1:${ports.web}/healthz`, started, log, timeoutMs);
  };
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = exited(child);
    child.kill(name);
    await done;
  };
  const stop = async () => {
    await signal('SIGTERM');
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  let child = spawnChild();
  let seed = {} as SeedData;
  try {
    await healthy(child);
    if (options.seed !== false) {
      const seedArgs = options.entry === 'built' ? ['--enable-source-maps', 'dist/seedCli.js'] : ['--import', 'tsx', 'src/seedCli.ts'];
      const { stdout } = await runFile(process.execPath, [...seedArgs, '--json'], { cwd: serverDir, env });
      seed = JSON.parse(stdout.slice(stdout.indexOf('{'))) as SeedData;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    webUrl: urls.web,
    chatUrl: urls.chat,
    ports,
    dataDir,
    env,
    seed,
    get process() {
      return child;
    },
    logTail: () => log.text(),
    async restart() {
      await signal('SIGKILL');
      child = spawnChild();
      await healthy(child);
    },
    kill9: () => signal('SIGKILL'),
    stop,
  };
}

/** A throw-away schema in a PostgreSQL database, for a server started with `DATABASE_URL: schema.url`. */
export interface PostgresSchema {
  /** The database URL whose connections use only this schema (search_path in the URL's options). */
  readonly url: string;
  readonly name: string;
  /** DROP SCHEMA … CASCADE. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh schema in `baseUrl` (default TEST_DATABASE_URL or the local `test` database). `pg` is loaded only
 * here, so harnesses that never ask for PostgreSQL do not load it.
 */
export async function createPostgresSchema(baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'): Promise<PostgresSchema> {
  const { default: pg } = await import('pg');
  const name = `rc_e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${name}`);
  return {
    name,
    url: `${baseUrl}?options=${encodeURIComponent(`-c search_path=${name}`)}`,
    drop: () => run(`DROP SCHEMA IF EXISTS ${name} CASCADE`),
  };
}

/**
 * Builds dist/ with the server's own build script (`npm run build -w @rechtschat/server`) when it is missing or older than
 * the sources or the build script. Callers in parallel test workers take turns (a lock directory in dist/): esbuild rewrites its files in
 * place, so a second build while another caller runs dist/ could hand that one half a file; after the first build the
 * others find dist/ current and leave it alone.
 */
export async function ensureServerBuilt(): Promise<'built' | 'current'> {
  const main = path.join(serverDir, 'dist', 'main.js');
  const newest = (dir: string): number => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }
    return latest;
  };
  const lock = path.join(serverDir, 'dist', '.build-lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than any build is left over from a process that was killed while building.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    // The sources, and the build script with the package list it keeps external.
    const sources = Math.max(
      newest(path.join(serverDir, 'src')),
      newest(path.join(serverDir, '..', 'core', 'src')),
      newest(path.join(serverDir, 'build')),
      statSync(path.join(serverDir, 'package.json')).mtimeMs,
    );
    if (existsSync(main) && statSync(main).mtimeMs >= sources) return 'current';
    await runFile(process.execPath, ['build/bundle.mjs'], { cwd: serverDir });
    return 'built';
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
