// On two real server processes sharing PostgreSQL and Redis: rate-limit counters (the platform's and the hub's),
// single-use hub connection tokens and logout hold across both processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_LAWYERS } from '../src/seed.js';
import type { ChildServer } from './support/childServer.js';
import type { CookieClient } from './support/cookieClient.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { signInLawyer, startTwoInstances, type TwoInstances } from './support/twoInstances.js';

/** Opens a raw WebSocket with a connection token and a Cookie header, and reports 101 or the HTTP status of the refusal. */
function upgradeStatus(chatUrl: string, token: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${chatUrl.replace('http', 'ws')}/signalr?as=lawyer&id=${encodeURIComponent(token)}`, { headers: { cookie } });
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
  let instances: TwoInstances;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    schema = await createTestSchema();
    // Behind a proxy on this machine, as in production: the hub counts the forwarded client address.
    instances = await startTwoInstances({ databaseUrl: schema.url, redisPrefix: 'rc-sec', env: { TRUST_PROXY: 'loopback' } });
    ({ a, b } = instances);
  }, 60_000);

  afterAll(async () => {
    await instances?.stop();
    await schema?.drop();
  });

  it('should count the per-address limit of /api/login once for both processes', async () => {
    // 30 per minute and address: 20 attempts on each process must hit the shared limit.
    const attempt = (server: ChildServer) =>
      fetch(`${server.chatUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Value: 'kein-ticket' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt(a)).status, (await attempt(b)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  });

  it("should count the hub's per-address budget once for both processes", async () => {
    // 600 a minute per client address: 350 anonymous negotiates on each process exceed it together, not alone.
    const negotiateAt = (server: ChildServer) =>
      fetch(`${server.chatUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST', headers: { 'X-Forwarded-For': '203.0.113.60' } });
    // The shared count has minute windows on the clock (the child processes' real one): the 700 requests (about a
    // second) must not straddle a minute's end, or the count would start again halfway.
    const leftOfMinute = 60_000 - (Date.now() % 60_000);
    if (leftOfMinute < 10_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinute + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 350; i++) statuses.push((await negotiateAt(a)).status, (await negotiateAt(b)).status);
    expect(statuses.slice(0, 600).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(600)).toEqual(Array(100).fill(429));
  });

  it('should refuse a connection token on the second process once it opened a connection on the first', async () => {
    const client = await signInLawyer(a, DEMO_LAWYERS[0]);
    const token = await negotiate(client, a.chatUrl);
    expect(await upgradeStatus(a.chatUrl, token, client.cookieHeader(a.chatUrl))).toBe(101);
    expect(await upgradeStatus(b.chatUrl, token, client.cookieHeader(a.chatUrl))).toBe(404);
  });

  it('should refuse a connection token negotiated before logout, on either process', async () => {
    // The other demo lawyer: no other session of this principal may still be alive.
    const client = await signInLawyer(a, DEMO_LAWYERS[1]);
    const first = await negotiate(client, a.chatUrl);
    const second = await negotiate(client, a.chatUrl);
    const cookieBeforeLogout = client.cookieHeader(a.chatUrl);
    expect(cookieBeforeLogout).toContain('lawyer_session=');
    expect((await client.raw(`${a.chatUrl}/api/lawyer/logout`, { method: 'POST' })).status).toBe(204);
    // Neither the browser after logout (no cookie) nor whoever kept the old cookie opens anything with the token.
    expect(await upgradeStatus(a.chatUrl, first, client.cookieHeader(a.chatUrl))).toBe(403);
    expect(await upgradeStatus(b.chatUrl, second, cookieBeforeLogout)).toBe(403);
  });

  it('should close a SignalR connection on the other process at once when the lawyer logs out', async () => {
    const client = await signInLawyer(a, DEMO_LAWYERS[0]);
    const hub = await connectHub(b.chatUrl, client, { role: 'lawyer' });
    let closed = false;
    hub.connection.onclose(() => void (closed = true));
    expect((await client.raw(`${a.chatUrl}/api/lawyer/logout`, { method: 'POST' })).status).toBe(204);
    await waitUntil(() => (closed ? true : undefined), 'hub connection on B closed after logout on A', 5_000);
  });
});
