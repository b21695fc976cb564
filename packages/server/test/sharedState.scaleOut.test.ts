// Issue 11, points 6 and 7 on two real server processes sharing PostgreSQL and Redis: rate-limit counters,
// single-use hub connection tokens and logout hold across both processes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_LAWYERS, DEMO_PASSWORD } from '../src/seed.js';
import { spawnServer, type ChildServer } from './helpers/childServer.js';
import { CookieClient } from './helpers/cookieClient.js';
import { connectHub, waitUntil } from './helpers/hubClient.js';
import { createTestSchema, type TestSchema } from './helpers/postgres.js';
import { tempDir } from './helpers/testApp.js';

/** Opens a raw WebSocket with a connection token and reports 101 or the HTTP status of the refusal. */
function upgradeStatus(chatUrl: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${chatUrl.replace('http', 'ws')}/signalr?id=${encodeURIComponent(token)}`);
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

async function negotiate(client: CookieClient, chatUrl: string): Promise<string> {
  const res = await client.raw(`${chatUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { connectionToken: string }).connectionToken;
}

describe('shared security state across two processes (PostgreSQL + Redis)', () => {
  let schema: TestSchema;
  const dirs = [tempDir(), tempDir()];
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    schema = await createTestSchema();
    const shared = { DATABASE_URL: schema.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `rc-sec-${crypto.randomBytes(4).toString('hex')}:`, SESSION_SECRET: crypto.randomBytes(24).toString('hex') };
    a = await spawnServer({ ...shared, DATA_DIR: dirs[0] ?? '' });
    await waitUntil(() => (a.output().includes('Demo-Zugänge') ? true : undefined), 'seeding on A', 15_000);
    b = await spawnServer({ ...shared, DATA_DIR: dirs[1] ?? '' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const lawyerClient = async (server: ChildServer, lawyer: (typeof DEMO_LAWYERS)[number]) => {
    const client = new CookieClient();
    const res = await client.post(`${server.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    return client;
  };

  it('should count the per-address limit of /api/login once for both processes', async () => {
    // 30 per minute and address: 20 attempts on each process must hit the shared limit.
    const attempt = (server: ChildServer) => fetch(`${server.chatUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Value: 'kein-ticket' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt(a)).status, (await attempt(b)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('should refuse a connection token on the second process once it opened a connection on the first', async () => {
    const client = await lawyerClient(a, DEMO_LAWYERS[0]);
    const token = await negotiate(client, a.chatUrl);
    expect(await upgradeStatus(a.chatUrl, token)).toBe(101);
    expect(await upgradeStatus(b.chatUrl, token)).toBe(404);
  });

  it('should refuse a connection token negotiated before logout, on either process', async () => {
    // The other demo lawyer: no other session of this principal may still be alive.
    const client = await lawyerClient(a, DEMO_LAWYERS[1]);
    const first = await negotiate(client, a.chatUrl);
    const second = await negotiate(client, a.chatUrl);
    expect((await client.raw(`${a.chatUrl}/api/lawyer/logout`, { method: 'POST' })).status).toBe(204);
    expect(await upgradeStatus(a.chatUrl, first)).toBe(404);
    expect(await upgradeStatus(b.chatUrl, second)).toBe(404);
  });

  it('should close a SignalR connection on the other process at once when the lawyer logs out', async () => {
    const client = await lawyerClient(a, DEMO_LAWYERS[0]);
    const hub = await connectHub(b.chatUrl, client, { role: 'lawyer' });
    let closed = false;
    hub.connection.onclose(() => void (closed = true));
    expect((await client.raw(`${a.chatUrl}/api/lawyer/logout`, { method: 'POST' })).status).toBe(204);
    await waitUntil(() => (closed ? true : undefined), 'hub connection on B closed after logout on A', 5_000);
  });
});
