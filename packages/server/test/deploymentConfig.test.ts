// Staging is production (secrets required, no demo data), and TRUST_PROXY decides whether
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
import { freePort, startTestApp, tempDir, type TestApp } from './support/testApp.js';
import { TEST_SESSION_SECRET } from './support/secrets.js';

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

  // Found from outside (2026-12-03, third pass): the PIN's per-address limit was keyed by the whole address, and an
  // IPv6 client holds a whole /64 (usually more): 30 PIN attempts on 30 links from 30 addresses of one /64 were all
  // evaluated, where one address is stopped after 20. The request limits already counted a /64 as one client.
  it('should count the addresses of one IPv6 /64 network as one client, also for the PIN attempts across case files', async () => {
    const pinAttempt = (client: string) =>
      fetch(`${app.webUrl}/api/case-file/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({
          LoginData: { Pin: '1234', UrlToken: crypto.randomBytes(32).toString('base64url') },
          AgreedPrivacyWithLawyer: true,
          AgreedTermsOfService: true,
        }),
      }).then((res) => res.status);
    const sprayed: number[] = [];
    for (let i = 1; i <= 21; i++) sprayed.push(await pinAttempt(`2001:db8:7:7::${i.toString(16)}`));
    expect(sprayed.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(sprayed[20]).toBe(429);
    // The next /64 is another client; an IPv4 client written as an IPv4-mapped IPv6 address is the IPv4 client.
    expect(await pinAttempt('2001:db8:7:8::1')).toBe(401);
    for (let i = 0; i < 10; i++) expect(await pinAttempt('198.51.100.77')).toBe(401);
    for (let i = 0; i < 10; i++) expect(await pinAttempt('::ffff:198.51.100.77')).toBe(401);
    expect(await pinAttempt('198.51.100.77')).toBe(429);

    const ticketLogin = (client: string) =>
      fetch(`${app.chatUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ Value: 'kein-ticket' }),
      }).then((res) => res.status);
    const logins: number[] = [];
    for (let i = 1; i <= 31; i++) logins.push(await ticketLogin(`2001:db8:9:9::${i.toString(16)}`));
    expect(logins.at(-1)).toBe(429);
  }, 60_000);
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
    expect(output).toMatch(/SESSION_SECRET muss gesetzt sein/);
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

describe('compose.yaml: a reverse proxy in front of both app instances', () => {
  const rootDir = path.resolve(serverDir, '../..');
  const compose = fs.readFileSync(path.join(rootDir, 'compose.yaml'), 'utf8');
  const caddyfile = fs.readFileSync(path.join(rootDir, 'deploy/Caddyfile'), 'utf8');
  /** The text of one top-level service of compose.yaml (up to the next service). */
  const service = (name: string) => [...compose.matchAll(/^ {2}(\S+):\n((?: {4}.*\n|\n)*)/gm)].find((m) => m[1] === name)?.[2] ?? '';
  /** The block of one Caddyfile site (its address's placeholder), up to the next top-level block. */
  const site = (variable: string) => new RegExp(`^\\{\\$${variable}:[^}]*\\} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(caddyfile)?.[1] ?? '';

  it('should publish only the proxy, on the web origin :8080 and the chat host :8081, with the committed Caddyfile', () => {
    expect(service('proxy')).toMatch(/image: caddy:2/);
    expect(service('proxy')).toContain("ports: ['8080:8080', '8081:8081']");
    expect(service('proxy')).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect([...compose.matchAll(/^\s+ports:/gm)]).toHaveLength(1);
    expect(service('app1')).toContain('<<: *app');
    expect(service('app2')).toContain('<<: *app');
  });

  it("should trust exactly the proxy's fixed address in the compose network", () => {
    const proxyAddress = /ipv4_address: (\S+)/.exec(service('proxy'))?.[1];
    const trusted = /^\s+TRUST_PROXY: (\S+)$/m.exec(compose)?.[1];
    const subnet = /subnet: (\d+\.\d+\.\d+)\.0\/24/.exec(compose)?.[1];
    expect(proxyAddress).toBeDefined();
    expect(trusted).toBe(proxyAddress);
    expect(proxyAddress?.startsWith(`${subnet}.`)).toBe(true);
    expect(loadConfig({ TRUST_PROXY: trusted }).trustProxy).toBe(proxyAddress);
  });

  it('should give a stopping instance the time for its drain and its shutdown before Docker kills it', () => {
    const grace = /stop_grace_period: (\d+)s/.exec(compose)?.[1];
    const drainMs = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SESSION_SECRET }).shutdownDrainMs;
    // The drain, then at most 10 s for the shutdown itself (platform/shutdown.ts).
    expect(Number(grace) * 1000).toBeGreaterThan(drainMs + 10_000);
  });

  it('should balance both origins over both instances, with health checks on /healthz', () => {
    for (const [variable, port] of [
      ['WEB_SITE', 8080],
      ['CHAT_SITE', 8081],
    ] as const) {
      const block = site(variable);
      expect(block, variable).toContain(`reverse_proxy app1:${port} app2:${port}`);
      expect(block, variable).toContain('health_uri /healthz');
      // A stopping instance answers 503 for its drain (5 s by default in production): the proxy notices well within it.
      for (const interval of block.matchAll(/health_interval (\d+)s/g))
        expect(Number(interval[1]) * 1000, variable).toBeLessThan(
          loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SESSION_SECRET }).shutdownDrainMs / 2,
        );
      expect(new RegExp(`\\{\\$${variable}::${port}\\}`).test(caddyfile)).toBe(true);
    }
  });

  it('should keep every request of one SignalR connection on one instance by hashing its ?id= connection token, as the hub reads it', () => {
    const signalr = /handle @signalr \{([\s\S]*?)\n\t\}/.exec(site('CHAT_SITE'))?.[1] ?? '';
    expect(site('CHAT_SITE')).toMatch(/@signalr path \/signalr \/signalr\/\*/);
    expect(signalr).toMatch(/lb_policy query id \{/);
    expect(signalr).toContain('flush_interval -1');
    // Long polling and SSE (httpDispatcher) and WebSockets (createHub) take the connection token from ?id=.
    expect(fs.readFileSync(path.join(serverDir, 'src/hub/httpDispatcher.ts'), 'utf8')).toContain("url.searchParams.get('id')");
    expect(fs.readFileSync(path.join(serverDir, 'src/hub/createHub.ts'), 'utf8')).toContain("url.searchParams.get('id')");
  });

  it('should set the public addresses once for both instances, as the browsers see them through the proxy', () => {
    expect(compose).toMatch(/^\s+WEB_ORIGINS: \$\{WEB_ORIGINS:-http:\/\/localhost:8080\}$/m);
    expect(compose).toMatch(/^\s+CHAT_HOST_URL: \$\{CHAT_HOST_URL:-http:\/\/localhost:8081\/\}$/m);
    expect(service('app1')).not.toContain('CHAT_HOST_URL');
  });
});
