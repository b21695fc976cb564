// Starts the real server (built web app + APIs) as a child process for the journeys,
// on free loopback ports and with its own SQLite data directory.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freeServerPorts, type ServerPorts } from './ports.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface SeedData {
  readonly insuranceNumber: string;
  readonly chatUrl: string;
  readonly caseFile: { readonly url: string; readonly token: string; readonly pin: string; readonly phoneNumberPart: string };
  readonly lawyer: { readonly email: string; readonly password: string };
}

export interface ServerHandle {
  readonly webUrl: string;
  /** Chat host base address, with trailing slash. */
  readonly chatUrl: string;
  readonly seed: SeedData;
  /** The server's DATA_DIR (SQLite file, uploads, `outbox/` with the mails as .eml files). */
  readonly dataDir: string;
  /** Stops the process the hard way (SIGKILL) and starts it again on the same data and ports. */
  restart(): Promise<void>;
  /** The server's most recent log lines (both streams), for the report of a failed journey. */
  logTail(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment, e.g. SERVICE_HOURS. */
  readonly env?: Readonly<Record<string, string>>;
}

function serverEnv(dataDir: string, ports: ServerPorts, extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  // A shared PostgreSQL/Redis from the surrounding shell must not leak in: every server gets its own SQLite file.
  const { DATABASE_URL: _database, REDIS_URL: _redis, SERVICE_HOURS: _hours, ...inherited } = process.env;
  return {
    ...inherited,
    // development: the journeys start from the demo data the server prints, as a new user would.
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(ports.web),
    CHAT_PORT: String(ports.chat),
    DATA_DIR: dataDir,
    CHAT_HOST_URL: `http://localhost:${ports.chat}/`,
    WEB_ORIGINS: `http://localhost:${ports.web},http://127.0.0.1:${ports.web}`,
    ...extra,
  };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy within 60 s');
}

/** Keeps the last lines a server printed, so a failing journey can show what the server saw. */
class LogTail {
  private readonly lines: string[] = [];
  constructor(private readonly max: number) {}
  add(chunk: Buffer): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  text(): string {
    return this.lines.join('\n');
  }
}

function spawnServer(env: NodeJS.ProcessEnv, log: LogTail): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // E2E_SERVER_LOG=1 shows the server's log lines while debugging a journey.
  child.stdout?.on('data', (d: Buffer) => {
    log.add(d);
    if (process.env.E2E_SERVER_LOG) process.stdout.write(d);
  });
  child.stderr?.on('data', (d: Buffer) => {
    log.add(d);
    process.stderr.write(d);
  });
  return child;
}

export async function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rechtschat-e2e-'));
  const ports = await freeServerPorts();
  const env = serverEnv(dataDir, ports, options.env ?? {});
  const webUrl = `http://localhost:${ports.web}`;
  const log = new LogTail(300);
  let child = spawnServer(env, log);
  await waitForHealth(webUrl, child);
  const seedJson = execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/seedCli.ts', '--json'], { cwd: repoRoot, env, encoding: 'utf8' });
  const seed = JSON.parse(seedJson.slice(seedJson.indexOf('{'))) as SeedData;

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return {
    webUrl,
    chatUrl: `http://localhost:${ports.chat}/`,
    seed,
    dataDir,
    async restart() {
      await kill('SIGKILL');
      child = spawnServer(env, log);
      await waitForHealth(webUrl, child);
    },
    logTail: () => log.text(),
    async stop() {
      await kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
