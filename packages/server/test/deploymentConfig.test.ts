// Issue 11, point 7: staging is production (secrets required, no demo data), and TRUST_PROXY decides whether
// X-Forwarded-For names the client for per-address limits and the loopback-only /metrics.
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { systemClock } from '../src/platform/clock.js';
import { seedDemoData } from '../src/seed.js';
import { openDatabase } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { freePort, startTestApp, tempDir, type TestApp } from './helpers/testApp.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const secrets = { SESSION_SECRET: crypto.randomBytes(24).toString('hex'), ENTRY_TOKEN_SECRET: crypto.randomBytes(24).toString('hex') };

describe.each([
  ['behind a trusted proxy', { TRUST_PROXY: '127.0.0.1' }, 401],
  ['without TRUST_PROXY', {}, 200],
])('/metrics in production %s', (_name, env, forwardedStatus) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { NODE_ENV: 'production', ...secrets, ...env } });
  });
  afterAll(async () => app?.stop());

  it(`should answer a request forwarded for an outside client with ${forwardedStatus} and a direct loopback request with 200`, async () => {
    const forwarded = await fetch(`${app.webUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.status).toBe(forwardedStatus);
    expect((await fetch(`${app.webUrl}/metrics`)).status).toBe(200);
  });
});

describe('per-address limits behind a trusted proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => app?.stop());

  it('should count each client the trusted proxy forwards separately', async () => {
    const attempt = (client: string) =>
      fetch(`${app.chatUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ Value: 'kein-ticket' }),
      });
    const first: number[] = [];
    for (let i = 0; i < 31; i++) first.push((await attempt('198.51.100.1')).status);
    expect(first.at(-1)).toBe(429);
    expect((await attempt('198.51.100.2')).status).toBe(401);
  });
});

describe('NODE_ENV=staging', () => {
  it('should refuse to start without secrets', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'staging',
        SESSION_SECRET: '',
        ENTRY_TOKEN_SECRET: '',
        PORT: String(port),
        CHAT_PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => void (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(2);
    expect(output).toMatch(/ENTRY_TOKEN_SECRET muss gesetzt sein/);
  }, 30_000);

  it('should start with secrets but refuse to create demo data', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'staging', ...secrets, DATA_DIR: dataDir });
    const { db } = openDatabase(config);
    try {
      await migrateToLatest(db);
      await expect(seedDemoData(db, systemClock, config)).rejects.toThrow(/nur bei NODE_ENV=development angelegt/);
      expect(await db.selectFrom('lawyers').select('id').execute()).toEqual([]);
    } finally {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
