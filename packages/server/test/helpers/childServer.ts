// Runs the real entry point as a child process: src/main.ts as `npm start` would, or the
// production bundle dist/main.js as `npm run start:prod` would.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './testApp.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  readonly webUrl: string;
  readonly chatUrl: string;
  readonly webOrigin: string;
  readonly process: ChildProcess;
  output(): string;
  /** kill -9: no shutdown code runs. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy in time:\n${output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface SpawnOptions {
  /** 'source' runs src/main.ts through tsx; 'built' runs dist/main.js with plain Node (build it first). */
  readonly entry?: 'source' | 'built';
  /** Fixed ports, so a restarted instance comes back on the same addresses (its clients reconnect there). */
  readonly ports?: { readonly port: number; readonly chatPort: number };
}

export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ChildServer> {
  const port = options.ports?.port ?? (await freePort());
  const chatPort = options.ports?.chatPort ?? (await freePort());
  const webOrigin = `http://localhost:${port}`;
  const args = options.entry === 'built' ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), CHAT_PORT: String(chatPort), WEB_ORIGINS: webOrigin, CHAT_HOST_URL: `http://localhost:${chatPort}/`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => void (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => void (log += d.toString()));
  const output = () => log;
  await waitHealthy(`http://127.0.0.1:${chatPort}/healthz`, child, output);
  await waitHealthy(`http://127.0.0.1:${port}/healthz`, child, output);
  return {
    webUrl: `http://127.0.0.1:${port}`,
    chatUrl: `http://127.0.0.1:${chatPort}`,
    webOrigin,
    process: child,
    output,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
