// One client address could hold any number of live hub connections (WebSocket, SSE, long polling): only the principal
// had a limit (10), so whoever had many sessions – or a proxy's worth of clients – held as many sockets as they liked.
// Now an address (behind TRUST_PROXY the forwarded one, else the socket's; IPv4 or IPv6 /64) holds at most
// HUB_MAX_CONNECTIONS_PER_ADDRESS (default 200) per process: beyond it 429 `TooManyConnectionsFromAddress`, already at
// negotiate, where the official client reports the message, and for certain at the transport request.
import http from 'node:http';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const REFUSAL = 'Von Ihrem Netzwerk aus bestehen zu viele gleichzeitige Verbindungen. Bitte versuchen Sie es später erneut.';

describe('live hub connections per client address', () => {
  let app: TestApp | undefined;
  const opened: HubConnection[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((connection) => connection.stop()));
    await app?.stop();
    app = undefined;
  });

  async function signedInLawyer(target: TestApp): Promise<CookieClient> {
    const lawyer = new CookieClient();
    const login = await lawyer.post(`${target.chatUrl}/api/lawyer/login`, { Email: target.lawyers[0]!.email, Password: target.lawyers[0]!.password });
    expect(login.status).toBe(200);
    return lawyer;
  }

  function officialClient(target: TestApp, cookie: string, address: string, transport?: HttpTransportType): HubConnection {
    const connection = new HubConnectionBuilder()
      .withUrl(`${target.chatUrl}/signalr?as=lawyer`, {
        ...(transport === undefined ? {} : { transport }),
        headers: { Cookie: cookie, 'x-forwarded-for': address },
      })
      .configureLogging(LogLevel.None)
      .build();
    opened.push(connection);
    return connection;
  }

  /** The status of a WebSocket upgrade (101 when it opened; the socket is then kept for the test's end). */
  const upgrade = (url: string, options: WebSocket.ClientOptions, sockets: WebSocket[]) =>
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(url, options);
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => {
        sockets.push(ws);
        resolve(101);
      });
      ws.on('error', (err) => reject(err));
    });

  it('should refuse a connection beyond the limit of one forwarded address with a clear error for the official client, and admit it once one ends', async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback', HUB_MAX_CONNECTIONS_PER_ADDRESS: '3' } });
    const lawyer = await signedInLawyer(app);
    const cookie = lawyer.cookieHeader(app.chatUrl);
    const office = '198.51.100.7';

    // Three connections of the office, one per transport.
    const held = [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents, HttpTransportType.LongPolling].map((transport) =>
      officialClient(app!, cookie, office, transport),
    );
    for (const connection of held) await connection.start();

    // The fourth: refused at negotiate, and the official client says why.
    const fourth = officialClient(app, cookie, office);
    await expect(fourth.start()).rejects.toThrow(REFUSAL);
    const negotiate = await fetch(`${app.chatUrl}/signalr/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Cookie: cookie, 'x-forwarded-for': office },
    });
    expect(negotiate.status).toBe(429);
    expect(await negotiate.json()).toEqual({ Error: 'TooManyConnectionsFromAddress', Message: REFUSAL });

    // A WebSocket without negotiate (skipNegotiation) is refused at the upgrade.
    const sockets: WebSocket[] = [];
    const wsUrl = `${app.chatUrl.replace('http', 'ws')}/signalr?as=lawyer`;
    expect(await upgrade(wsUrl, { headers: { Cookie: cookie, 'x-forwarded-for': office } }, sockets)).toBe(429);

    // Another address behind the proxy is not affected.
    const elsewhere = officialClient(app, cookie, '198.51.100.8');
    await elsewhere.start();
    expect(elsewhere.state).toBe('Connected');

    // The held connections work, and once one ends its place is free again.
    await expect(held[0]!.invoke('Ping')).resolves.toBeNull();
    await held[1]!.stop();
    // (The server learns of the stopped event stream when its socket closes, a moment after stop() resolves.)
    await expect
      .poll(
        async () =>
          (await fetch(`${app!.chatUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST', headers: { Cookie: cookie, 'x-forwarded-for': office } }))
            .status,
      )
      .toBe(200);
    const again = officialClient(app, cookie, office);
    await again.start();
    expect(again.state).toBe('Connected');
    for (const ws of sockets) ws.terminate();
  });

  it('should hold the limit for transport requests that arrive together and read the socket address without trusted proxies', async () => {
    app = await startTestApp({ env: { HUB_MAX_CONNECTIONS_PER_ADDRESS: '3' } });
    const lawyer = await signedInLawyer(app);
    const cookie = lawyer.cookieHeader(app.chatUrl);
    const chatPort = Number(new URL(app.chatUrl).port);
    // From 127.0.0.9 (this machine's own 127.0.0.1 is not counted), each with another forged X-Forwarded-For.
    const negotiateFrom = (forwarded: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: chatPort,
            path: '/signalr/negotiate?negotiateVersion=1',
            method: 'POST',
            localAddress: '127.0.0.9',
            headers: { Cookie: cookie, 'x-forwarded-for': forwarded },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await negotiateFrom(`203.0.113.${i}`);
      expect(answer.status).toBe(200);
      tokens.push((JSON.parse(answer.body) as { connectionToken: string }).connectionToken);
    }
    const sockets: WebSocket[] = [];
    const statuses = await Promise.all(
      tokens.map((token, i) =>
        upgrade(
          `ws://127.0.0.1:${chatPort}/signalr?id=${encodeURIComponent(token)}`,
          { localAddress: '127.0.0.9', headers: { Cookie: cookie, 'x-forwarded-for': `203.0.113.${100 + i}` } },
          sockets,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 101)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // Now full: negotiate says so at once, whatever X-Forwarded-For claims.
    const refused = await negotiateFrom('203.0.113.200');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ Error: 'TooManyConnectionsFromAddress', Message: REFUSAL });
    // This machine's own address is not counted (a local proxy without TRUST_PROXY, the benchmarks).
    const local = officialClient(app, cookie, '203.0.113.201', HttpTransportType.WebSockets);
    await local.start();
    expect(local.state).toBe('Connected');
    // A closed socket gives its place back.
    const closed = new Promise((resolve) => sockets[0]!.once('close', resolve));
    sockets[0]!.close();
    await closed;
    await expect.poll(async () => (await negotiateFrom('203.0.113.202')).status).toBe(200);
    for (const ws of sockets) ws.terminate();
  });
});
