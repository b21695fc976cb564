/// <reference types="node" />
// Runs the real product server (packages/server/src/main.ts) as a child process, as `npm start`
// would. Adapters may not import @rechtschat/server, so it is started by path, never imported.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server');
const runFile = promisify(execFile);

/** What `npm run seed -- --json` prints (the demo accounts of the fresh data directory). */
export interface DemoData {
  /** The demo insurance number, base64 as the chat link carries it. */
  readonly insuranceNumber: string;
  readonly chatUrl: string;
  readonly caseFile: { readonly url: string; readonly token: string; readonly pin: string; readonly phoneNumberPart: string };
  readonly lawyer: { readonly email: string; readonly password: string };
}

export interface ProductServer {
  /** Web origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly webUrl: string;
  /** Chat host base address with trailing slash, as GET /api/chat/url answers it. */
  readonly chatUrl: string;
  readonly demo: DemoData;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Server nicht rechtzeitig bereit:\n${output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the server on free ports with a fresh SQLite data directory and reads the demo data. */
export async function startProductServer(): Promise<ProductServer> {
  const port = await freePort();
  const chatPort = await freePort();
  const webUrl = `http://127.0.0.1:${port}`;
  const chatUrl = `http://127.0.0.1:${chatPort}/`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rechtschat-adapters-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    CHAT_PORT: String(chatPort),
    DATA_DIR: dataDir,
    CHAT_HOST_URL: chatUrl,
    WEB_ORIGINS: webUrl,
    SERVICE_HOURS: 'always',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => void (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void (log += chunk.toString()));
  const output = () => log;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(`${webUrl}/healthz`, child, output);
    await waitHealthy(`${chatUrl}healthz`, child, output);
    const seeded = await runFile(process.execPath, ['--import', 'tsx', 'src/seedCli.ts', '--json'], { cwd: serverDir, env });
    return { webUrl, chatUrl, demo: JSON.parse(seeded.stdout) as DemoData, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
