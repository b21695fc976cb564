// Starts the real app in-process on free ports with a temporary DATA_DIR.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { startApp, type RunningApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import type { Clock } from '../../src/platform/clock.js';
import { inertScheduler, type Scheduler } from '../../src/platform/scheduler.js';
import { createLawyer } from '../../src/features/lawyer/lawyers.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix = 'rechtschat-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestApp extends RunningApp {
  readonly dataDir: string;
  readonly webOrigin: string;
  readonly lawyers: { readonly id: string; readonly email: string; readonly password: string; readonly name: string }[];
  stop(): Promise<void>;
}

export const LAWYER_PASSWORD = 'Sehr-geheimes-Passwort-1';

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  readonly clock?: Clock;
  /** Background work (chat lifecycle sweep, presence refresh); by default none runs unless a test drives it (virtualTime.ts). */
  readonly scheduler?: Scheduler;
  readonly dataDir?: string;
  readonly logger?: Logger;
  /** A second instance on the same database: these lawyers exist already (none are created). */
  readonly lawyersFrom?: TestApp['lawyers'];
  /** The hub's session revalidation interval (default 60 s). */
  readonly hubRevalidateIntervalMs?: number;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? tempDir();
  const { app, webOrigin } = await startOnFreePorts(options, dataDir);
  const lawyers = options.lawyersFrom ? [...options.lawyersFrom] : [];
  for (const [name, email] of options.lawyersFrom
    ? []
    : ([
        ['Dr. Anna Berger', 'anna@test.example'],
        ['Markus Hoffmann', 'markus@test.example'],
      ] as const)) {
    const row = await createLawyer(app.ctx.db, app.ctx.clock, { email, name, gender: 'other', password: LAWYER_PASSWORD, phone: '+49301234567' });
    lawyers.push({ id: row.id, email, password: LAWYER_PASSWORD, name });
  }
  return {
    ...app,
    dataDir,
    webOrigin,
    lawyers,
    async stop() {
      await app.close();
      // Retried: a file the closing app's last asynchronous step writes (a mail into the outbox, say) can land while
      // the folder is being removed, and rmdir then fails with ENOTEMPTY (seen once in a loaded full run).
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}

/** Attempts before a taken port fails the test: another test process may take a port between probe and listen. */
const LISTEN_ATTEMPTS = 5;

async function startOnFreePorts(options: TestAppOptions, dataDir: string): Promise<{ app: RunningApp; webOrigin: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const chatPort = await freePort();
    const webOrigin = `http://localhost:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      CHAT_PORT: String(chatPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ORIGINS: webOrigin,
      CHAT_HOST_URL: `http://localhost:${chatPort}/`,
      MAX_UPLOAD_BYTES: String(64 * 1024),
      ...options.env,
    });
    try {
      const app = await startApp({
        config,
        logger: options.logger ?? pino({ level: 'silent' }),
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.hubRevalidateIntervalMs !== undefined ? { hubRevalidateIntervalMs: options.hubRevalidateIntervalMs } : {}),
        scheduler: options.scheduler ?? inertScheduler,
        staticDirs: { web: path.join(dataDir, 'no-web'), console: path.join(dataDir, 'no-console') },
      });
      return { app, webOrigin };
    } catch (error) {
      // startApp released everything it opened; the same data directory is reused with new ports.
      if (!isAddressInUse(error) || attempt >= LISTEN_ATTEMPTS) throw error;
    }
  }
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}
