import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sentryTunnelRoutes, type SentryTunnelOptions } from '../../src/platform/sentry/index.js';

interface Received {
  url: string;
  body: string;
}

async function fakeSentryHost(status = 200): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

const envelope = (dsn: string) => `${JSON.stringify({ event_id: '9ec79c33ec9942ab8353589fcb2e04dc', dsn })}\n{"type":"event"}\n{"message":"Fehler"}\n`;

describe('sentry tunnel', () => {
  let dataDir: string;
  let app: FastifyInstance | undefined;
  let upstream: Awaited<ReturnType<typeof fakeSentryHost>> | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sentry-tunnel-'));
  });
  afterEach(async () => {
    await app?.close();
    upstream?.server.close();
    app = undefined;
    upstream = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(options: Omit<SentryTunnelOptions, 'dataDir'>): Promise<FastifyInstance> {
    app = Fastify();
    await app.register(sentryTunnelRoutes, { dataDir, ...options });
    return app;
  }

  it('should forward an envelope for the configured DSN to the DSN host', async () => {
    upstream = await fakeSentryHost();
    const dsn = `http://publickey@127.0.0.1:${upstream.port}/42`;
    const server = await start({ dsn });
    const payload = envelope(dsn);
    const res = await server.inject({ method: 'POST', url: '/api/sentry-tunnel', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload });
    expect(res.statusCode).toBe(200);
    expect(upstream.received).toEqual([{ url: '/api/42/envelope/', body: payload }]);
  });

  it('should reject an envelope for another DSN with 400 and forward nothing', async () => {
    upstream = await fakeSentryHost();
    const server = await start({ dsn: `http://publickey@127.0.0.1:${upstream.port}/42` });
    const res = await server.inject({ method: 'POST', url: '/api/sentry-tunnel', payload: envelope('https://other@evil.example/7') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: 'UnknownDsn' });
    expect(upstream.received).toEqual([]);
  });

  it('should reject a malformed envelope header with 400', async () => {
    const server = await start({});
    const res = await server.inject({ method: 'POST', url: '/api/sentry-tunnel', payload: 'not json\n{}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: 'BadRequest' });
  });

  it('should store the envelope under dataDir/sentry when no DSN is configured', async () => {
    const server = await start({});
    const payload = envelope('https://key@o1.ingest.sentry.io/5');
    const res = await server.inject({ method: 'POST', url: '/api/sentry-tunnel', headers: { 'content-type': 'application/x-sentry-envelope' }, payload });
    expect(res.statusCode).toBe(202);
    const files = await readdir(path.join(dataDir, 'sentry'));
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(dataDir, 'sentry', files[0] as string), 'utf8')).toBe(payload);
  });

  it('should store the envelope when the DSN host refuses it, so the error is not lost', async () => {
    upstream = await fakeSentryHost(503);
    const dsn = `http://publickey@127.0.0.1:${upstream.port}/42`;
    const server = await start({ dsn });
    const res = await server.inject({ method: 'POST', url: '/api/sentry-tunnel', payload: envelope(dsn) });
    expect(res.statusCode).toBe(202);
    expect(await readdir(path.join(dataDir, 'sentry'))).toHaveLength(1);
  });

  it('should refuse envelopes above the size limit with 413', async () => {
    const server = await start({ maxEnvelopeBytes: 1024 });
    const res = await server.inject({ method: 'POST', url: '/api/sentry-tunnel', payload: envelope('https://k@h.example/1') + 'x'.repeat(2000) });
    expect(res.statusCode).toBe(413);
  });

  it('should store at most its daily share from one address, so one address cannot push the real reports out', async () => {
    let now = new Date(Date.UTC(2026, 0, 1, 10, 0, 0));
    const server = await start({ maxStoredPerAddress: 2, now: () => now });
    const send = (remoteAddress: string) =>
      server.inject({ method: 'POST', url: '/api/sentry-tunnel', remoteAddress, payload: envelope('https://k@h.example/1') });
    expect((await send('198.51.100.7')).statusCode).toBe(202);
    expect((await send('198.51.100.7')).statusCode).toBe(202);
    const refused = await send('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Error: 'TooManyRequests', Message: expect.stringContaining('Zu viele Fehlerberichte') });
    // Another address of the same IPv6 /64 is the same client; another client still reports.
    expect((await send('2001:db8:1:1::5')).statusCode).toBe(202);
    expect((await send('2001:db8:1:1::6')).statusCode).toBe(202);
    expect((await send('2001:db8:1:1::7')).statusCode).toBe(429);
    expect((await send('203.0.113.9')).statusCode).toBe(202);
    expect(await readdir(path.join(dataDir, 'sentry'))).toHaveLength(5);
    now = new Date(Date.UTC(2026, 0, 2, 0, 0, 1));
    expect((await send('198.51.100.7')).statusCode).toBe(202);
  });

  it('should keep at most the configured number of stored envelopes', async () => {
    let tick = 0;
    const server = await start({ maxStoredEnvelopes: 3, now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)) });
    for (let i = 0; i < 5; i++) {
      await server.inject({ method: 'POST', url: '/api/sentry-tunnel', payload: envelope(`https://k@h.example/${i + 1}`) });
    }
    const files = (await readdir(path.join(dataDir, 'sentry'))).sort();
    expect(files).toHaveLength(3);
    expect(await readFile(path.join(dataDir, 'sentry', files[2] as string), 'utf8')).toContain('/5"');
  });
});
