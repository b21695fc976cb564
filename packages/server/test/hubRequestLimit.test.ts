// The hub answers /signalr before Fastify, so the platform's per-address request limit never counted it: one
// address sent any number of negotiates and upgrades, each one a session read and, when refused, a log line. Now
// negotiate and whatever does not belong to an open connection share a budget of 600 a minute per client address
// (behind TRUST_PROXY the forwarded one, else the socket's – a forged X-Forwarded-For changes nothing), 429 with
// Retry-After beyond it; an open connection's own requests are not counted.
import http from 'node:http';
import { Writable } from 'node:stream';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import pino from 'pino';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const LIMIT = 600;

describe('per-address limit of the hub', () => {
  let app: TestApp | undefined;
  afterEach(async () => app?.stop());

  const negotiate = (target: TestApp, headers: Record<string, string> = {}) =>
    fetch(`${target.chatUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST', headers });

  /** The status of a WebSocket upgrade without a valid token. */
  const upgrade = (target: TestApp, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${target.chatUrl.replace('http', 'ws')}/signalr?id=unbekannt`, { headers });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => reject(new Error('upgrade accepted')));
      ws.on('error', () => undefined);
    });

  it('should refuse negotiates and upgrades beyond the budget of one forwarded address, unlogged, and keep open connections working', async () => {
    let log = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback' }, logger: pino({ level: 'info' }, sink) });
    const flooder = { 'x-forwarded-for': '198.51.100.7' };

    // A lawyer behind the same address, on long polling: every poll and send is a request of an open connection.
    const lawyer = new CookieClient();
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[0]!.email, Password: app.lawyers[0]!.password })).status).toBe(200);
    const console_ = new HubConnectionBuilder()
      .withUrl(`${app.chatUrl}/signalr?as=lawyer`, {
        transport: HttpTransportType.LongPolling,
        headers: { Cookie: lawyer.cookieHeader(app.chatUrl), ...flooder },
      })
      .configureLogging(LogLevel.None)
      .build();
    await console_.start();

    const statuses = new Map<number, number>();
    for (let i = 0; i < LIMIT + 5; i++) {
      const response = await negotiate(app, flooder);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (i === LIMIT + 4) {
        expect(response.status).toBe(429);
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ Error: 'TooManyRequests', Message: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.' });
      } else await response.text();
    }
    // The lawyer's negotiate and upgrade counted too: 600 minus those two were answered 401, the rest 429.
    expect(statuses.get(401)! + statuses.get(429)!).toBe(LIMIT + 5);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(5);
    expect(await upgrade(app, flooder)).toBe(429);
    // Only the answered ones were logged, with the client's address behind the proxy, not the proxy's.
    const logged = log.split('\n').filter((line) => line.includes('hub negotiate without authentication'));
    expect(logged).toHaveLength(statuses.get(401)!);
    expect(logged.every((line) => line.includes('"ip":"198.51.100.7"'))).toBe(true);
    expect(log).toMatch(/"ip":"198\.51\.100\.7"[^\n]*"msg":"hub connected"|"msg":"hub connected"[^\n]*"ip":"198\.51\.100\.7"/);

    // The open connection goes on: its polls and sends are not counted.
    for (let i = 0; i < 5; i++) await expect(console_.invoke('Ping')).resolves.toBeNull();
    expect(console_.state).toBe('Connected');
    // Another client behind the proxy is not affected.
    expect((await negotiate(app, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(401);
    await console_.stop();
  });

  it('should count by the socket address without trusted proxies, whatever X-Forwarded-For says', async () => {
    app = await startTestApp();
    const chatPort = Number(new URL(app.chatUrl).port);
    // From 127.0.0.9 (this machine's own 127.0.0.1 is not counted), with a new forged X-Forwarded-For each time.
    const negotiateFrom = (forwarded: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: chatPort,
            path: '/signalr/negotiate?negotiateVersion=1',
            method: 'POST',
            localAddress: '127.0.0.9',
            headers: { 'x-forwarded-for': forwarded },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end();
      });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push(await negotiateFrom(`203.0.113.${i % 250}`));
    expect(statuses.slice(0, LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    // The machine's own address stays uncounted (a local proxy without TRUST_PROXY, the benchmarks).
    expect((await negotiate(app)).status).toBe(401);
  });
});
