// Faults of the environment at start – a PostgreSQL that is not there, a taken port, an unwritable DATA_DIR, a second
// instance on the same SQLite DATA_DIR – end the real entry point with one German/English paragraph and exit code 2,
// not a stack trace (README, docs/operations.md „Konfiguration“). The server starts from the built bundle, as
// `npm run start:prod` starts it (dist/ built once per run when older than the sources): through tsx each start
// spent 1–2 s of CPU more in the loader hooks; the code that refuses is the same.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../testing/serverProcess.js';
import { spawnServer } from './support/childServer.js';
import { PG_BASE_URL } from './support/postgres.js';
import { TEST_SESSION_SECRET } from './support/secrets.js';
import { freePort, tempDir } from './support/testApp.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
beforeAll(() => ensureServerBuilt(), 90_000);
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

/** Starts the built server with `env`; a port it drew that another process took meanwhile is drawn again (not one the test chose). */
async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  for (let attempt = 1; ; attempt++) {
    const result = await startOnce(env);
    const drawnPortTaken = /PORT=\d+: der Port ist .* schon belegt/.test(result.output) && !('PORT' in env) && !('CHAT_PORT' in env);
    if (!drawnPortTaken || attempt >= 5) return result;
  }
}

async function startOnce(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      CHAT_PORT: String(await freePort()),
      DATA_DIR: dataDir(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => void (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => void (output += d.toString()));
  // A server that starts instead of refusing (the check under test is missing) is killed, so the test fails, not hangs.
  const started = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(started);
  return { code, output };
}

function expectRefused(result: { code: number | null; output: string }, message: RegExp): void {
  expect(result.output).toMatch(message);
  expect(result.output).toMatch(/^Konfigurationsfehler \/ configuration error: /m);
  expect(result.output).not.toMatch(/\n\s+at /);
  expect(result.code).toBe(2);
}

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('start with a faulty environment', () => {
  it('should refuse a DATABASE_URL that is not PostgreSQL', async () => {
    expectRefused(await start({ DATABASE_URL: 'mysql://foo' }), /DATABASE_URL beginnt mit "mysql:\/\/"; unterstützt wird nur PostgreSQL.*only PostgreSQL URLs/);
  }, 30_000);

  it('should name DATABASE_URL when PostgreSQL refuses the connection', async () => {
    const closed = await freePort();
    expectRefused(
      await start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/test` }),
      new RegExp(`DATABASE_URL: PostgreSQL unter 127\\.0\\.0\\.1:${closed} nimmt keine Verbindung an \\(ECONNREFUSED\\).*refused the connection`),
    );
  }, 30_000);

  it('should name the missing database', async () => {
    const url = new URL(PG_BASE_URL);
    url.pathname = '/rechtschat_gibt_es_nicht';
    expectRefused(await start({ DATABASE_URL: url.toString() }), /die Datenbank "rechtschat_gibt_es_nicht" gibt es .* nicht \(3D000\).*does not exist/);
  }, 30_000);

  it.each(['PORT', 'CHAT_PORT'])(
    'should name %s when its port is taken, before the database is touched',
    async (variable) => {
      const taken = await listenOn(0);
      const port = (taken.address() as net.AddressInfo).port;
      const dir = dataDir();
      try {
        expectRefused(
          await start({ [variable]: String(port), DATA_DIR: dir }),
          new RegExp(`${variable}=${port}: der Port ist auf 127\\.0\\.0\\.1 schon belegt.*already in use`),
        );
      } finally {
        taken.close();
      }
      expect(fs.existsSync(path.join(dir, 'rechtschat.sqlite'))).toBe(false);
    },
    30_000,
  );

  it('should refuse a long but weak secret in production, naming the variable and how to make a good one', async () => {
    const weak = 'x'.repeat(64);
    const result = await start({ NODE_ENV: 'production', SESSION_SECRET: weak, WEB_ORIGINS: 'https://kanzlei.example' });
    expectRefused(result, /SESSION_SECRET ist zu schwach \(nur 1 verschiedene Zeichen, mindestens 10 .*\) \/ is too weak\. .*`openssl rand -base64 48`/);
    expect(result.output).not.toContain(weak);
    expectRefused(
      await start({ NODE_ENV: 'production', SESSION_SECRET: TEST_SESSION_SECRET, ENTRY_TOKEN_SECRET: 'e'.repeat(40) }),
      /ENTRY_TOKEN_SECRET ist zu schwach/,
    );
  }, 30_000);

  it('should name DATA_DIR when it cannot be written', async () => {
    const file = path.join(dataDir(), 'eine-datei');
    fs.writeFileSync(file, '');
    expectRefused(await start({ DATA_DIR: path.join(file, 'daten') }), /DATA_DIR=".*daten" ist nicht beschreibbar \(ENOTDIR\).*is not writable/);
    if (process.getuid?.() !== 0) {
      const readOnly = dataDir();
      fs.chmodSync(readOnly, 0o500);
      expectRefused(await start({ DATA_DIR: readOnly }), /ist nicht beschreibbar \(EACCES\)/);
    }
  }, 30_000);
});

describe('one server per SQLite DATA_DIR', () => {
  it('should refuse a second instance while the first runs, and release the lock on a clean stop', async () => {
    const dir = dataDir();
    const first = await spawnServer({ DATA_DIR: dir, NODE_ENV: 'test' }, { entry: 'built' });
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dir, 'rechtschat.sqlite.lock'), 'utf8')) as { pid: number; hostname: string };
      expect(lock).toMatchObject({ pid: first.process.pid, hostname: os.hostname() });
      expectRefused(
        await start({ DATA_DIR: dir }),
        new RegExp(
          `wird schon von einer anderen Rechtschat-Instanz benutzt \\(PID ${first.process.pid} auf .*Zwei Instanzen auf SQLite sind nicht möglich.*already used by another`,
        ),
      );
      // The first one still serves.
      expect((await fetch(`${first.chatUrl}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(path.join(dir, 'rechtschat.sqlite.lock'))).toBe(false);
  }, 60_000);

  it('should take over the lock of an instance that is gone, with a warning', async () => {
    const dir = dataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    const stale = { pid: gone.pid, hostname: os.hostname(), bootId: null, startedAt: '2020-01-01T00:00:00.000Z' };
    fs.writeFileSync(path.join(dir, 'rechtschat.sqlite.lock'), JSON.stringify(stale));
    const server = await spawnServer({ DATA_DIR: dir, NODE_ENV: 'test' }, { entry: 'built' });
    try {
      expect((await fetch(`${server.chatUrl}/healthz`)).status).toBe(200);
      expect(server.output()).toMatch(/Verwaiste Sperrdatei in DATA_DIR übernommen/);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'rechtschat.sqlite.lock'), 'utf8'))).toMatchObject({ pid: server.process.pid });
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('should take no lock with PostgreSQL', async () => {
    // Refused by the missing database after the checks: no lock file was written on the way.
    const url = new URL(PG_BASE_URL);
    url.pathname = '/rechtschat_gibt_es_nicht';
    const dir = dataDir();
    await start({ DATABASE_URL: url.toString(), DATA_DIR: dir });
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 30_000);
});
