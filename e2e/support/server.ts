// Starts the real server (built web app + APIs) as a child process for the journeys.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E_PORTS } from './ports.js';

const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface SeedData {
  readonly insuranceNumber: string;
  readonly chatUrl: string;
  readonly caseFile: { readonly url: string; readonly token: string; readonly pin: string; readonly phoneNumberPart: string };
  readonly lawyer: { readonly email: string; readonly password: string };
}

export interface ServerHandle {
  readonly webUrl: string;
  readonly chatUrl: string;
  readonly seed: SeedData;
  /** Stops the process the hard way (SIGKILL) and starts it again on the same data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function serverEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(E2E_PORTS.web),
    CHAT_PORT: String(E2E_PORTS.chat),
    DATA_DIR: dataDir,
    CHAT_HOST_URL: `http://localhost:${E2E_PORTS.chat}/`,
    WEB_ORIGINS: `http://localhost:${E2E_PORTS.web},http://127.0.0.1:${E2E_PORTS.web}`,
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
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}

function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => { if (process.env.E2E_SERVER_LOG) process.stdout.write(d); });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
  return child;
}

export async function startServer(name: string, extraEnv: Record<string, string> = {}): Promise<ServerHandle> {
  const dataDir = join(repoRoot, 'e2e', '.tmp', `${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = serverEnv(dataDir, extraEnv);
  const webUrl = `http://localhost:${E2E_PORTS.web}`;
  let child = spawnServer(env);
  await waitForHealth(webUrl, child);
  const seedJson = execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/seedCli.ts', '--json'], { cwd: repoRoot, env, encoding: 'utf8' });
  const seed = JSON.parse(seedJson.slice(seedJson.indexOf('{'))) as SeedData;

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return {
    webUrl,
    chatUrl: `http://localhost:${E2E_PORTS.chat}/`,
    seed,
    async restart() {
      await kill('SIGKILL');
      child = spawnServer(env);
      await waitForHealth(webUrl, child);
    },
    async stop() {
      await kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
