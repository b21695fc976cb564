// A rolling deploy behind a load balancer: on SIGTERM the real server process first drains – /healthz 503
// {"Status":"draining"} at once, everything else still served, hub connections kept – for SHUTDOWN_DRAIN_MS, then closes
// the hub's connections with reconnect allowed and exits 0. A second signal cuts the drain short. The server runs
// from dist/, as in the container that receives the SIGTERM (`npm run start:prod`).
import fs from 'node:fs';
import { HubConnectionState } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { participantSession, spawnServer, type ChildServer } from './support/childServer.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { tempDir } from './support/testApp.js';

/** Polls another process's /healthz until it answers `status` (there is no event to wait for across processes). */
async function healthUntil(url: string, status: number): Promise<{ status: number; body: unknown; at: number }> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${url}/healthz`);
    if (response.status === status) return { status, body: await response.json(), at: Date.now() };
    await response.arrayBuffer();
    if (Date.now() - started > 5000) throw new Error(`/healthz of ${url} did not answer ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const exitOf = (server: ChildServer) =>
  new Promise<{ code: number | null; at: number }>((resolve) => server.process.once('exit', (code) => resolve({ code, at: Date.now() })));

describe('SIGTERM drain', () => {
  let server: ChildServer | undefined;
  const dirs: string[] = [];

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(drainMs: number): Promise<ChildServer> {
    const dir = tempDir();
    dirs.push(dir);
    server = await spawnServer({ DATA_DIR: dir, SHUTDOWN_DRAIN_MS: String(drainMs) }, { entry: 'built' });
    const started = server;
    // The demo data (the insurance number the session needs) is seeded after /healthz first answers.
    await waitUntil(() => (started.output().includes('Rechtschat läuft') ? true : undefined), 'demo data seeded', 30_000);
    return started;
  }

  it('should answer /healthz 503 draining at once, keep serving requests and hub connections for the drain, then close the hub with reconnect allowed and exit 0', async () => {
    const drainMs = 1500;
    const running = await start(drainMs);
    const hub = await connectHub(running.chatUrl, await participantSession(running), { role: 'participant', reconnect: true });
    const reconnecting = new Promise<Error | undefined>((resolve) => hub.connection.onreconnecting(resolve));
    expect((await fetch(`${running.webUrl}/healthz`)).status).toBe(200);

    const exit = exitOf(running);
    const signalled = Date.now();
    running.process.kill('SIGTERM');
    for (const url of [running.webUrl, running.chatUrl]) {
      const health = await healthUntil(url, 503);
      expect(health.body).toEqual({ Status: 'draining' });
      expect(health.at - signalled).toBeLessThan(drainMs);
    }
    // Still served while draining: the API on both origins and the open hub connection; each answer ends its keep-alive.
    // (Not a page: the unit suite runs before the web app is built, and a clean checkout has no build to serve.)
    const settings = await fetch(`${running.webUrl}/api/dl/public-settings`);
    expect(settings.status).toBe(200);
    expect(settings.headers.get('connection')).toBe('close');
    expect((await fetch(`${running.chatUrl}/api/lawyer/whoami`)).status).toBe(200);
    expect(hub.connection.state).toBe(HubConnectionState.Connected);

    // Then Close with allowReconnect: the official client starts reconnecting (to another instance) instead of giving up.
    const reason = await reconnecting;
    expect(reason?.message).toBe('Server returned an error on close: Der Server wird neu gestartet.');
    const { code, at } = await exit;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(drainMs);
    expect(at - signalled).toBeLessThan(drainMs + 8000);
    expect(running.output()).not.toMatch(/Fehler beim Beenden/);
    await hub.stop();
    server = undefined;
  }, 60_000);

  it('should end the drain at once, still cleanly, on a second signal', async () => {
    const running = await start(600_000);
    const exit = exitOf(running);
    running.process.kill('SIGTERM');
    await healthUntil(running.webUrl, 503);
    const second = Date.now();
    running.process.kill('SIGINT');
    const { code, at } = await exit;
    expect(code).toBe(0);
    expect(at - second).toBeLessThan(8000);
    server = undefined;
  }, 60_000);
});
