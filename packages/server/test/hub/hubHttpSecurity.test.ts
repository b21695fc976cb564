import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ALLOWED_ORIGIN, eventually, startHubServer, type TestHubServer } from '../support/hubTestServer.js';

interface Negotiation {
  connectionId: string;
  connectionToken: string;
  [key: string]: unknown;
}

async function negotiate(server: TestHubServer, who = 'participant:p1'): Promise<Negotiation> {
  const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: `who=${who}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Negotiation;
}

const P1 = { cookie: 'who=participant:p1' };

/** Opens a raw WebSocket and reports the HTTP status of a refused upgrade (or 101); by default with p1's cookie. */
function upgradeStatus(server: TestHubServer, query: string, headers: Record<string, string> = P1, terminate = true): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.hubUrl.replace('http', 'ws')}${query}`, { headers });
    ws.once('open', () => {
      if (terminate) ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

/** A refused upgrade's status and JSON body. */
function upgradeAnswer(server: TestHubServer, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.hubUrl.replace('http', 'ws'), { headers });
    ws.once('open', () => {
      ws.terminate();
      reject(new Error('upgrade accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    ws.once('error', reject);
  });
}

/**
 * The token with the end of its signature replaced by other characters – always other ones: a fixed "AA" was the
 * signature's own end in about one run in a thousand, and the unchanged token was rightly accepted.
 */
function forgeSignatureEnd(token: string): string {
  const end = token.slice(-2) === 'AA' ? 'QA' : 'AA';
  return `${token.slice(0, -2)}${end}`;
}

function tamper(token: string): string {
  const [payload = '', signature = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { principal: { id: string } };
  claims.principal.id = 'someone-else';
  return `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('hub HTTP endpoints and their security checks', () => {
  let server: TestHubServer;
  afterEach(async () => {
    await server.close();
  });

  it('should negotiate v1 with a URL-safe signed token and exactly the implemented transports', async () => {
    server = await startHubServer();
    const body = await negotiate(server);
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(body.connectionToken).not.toContain(body.connectionId + '.');
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text'] },
    ]);
    expect(Object.keys(body)).not.toContain('ProtocolVersion');
    expect(Object.keys(body)).not.toContain('useStatefulReconnect');
  });

  it('should answer negotiate without authentication with 401 JSON and bad versions with an error body', async () => {
    server = await startHubServer();
    const anonymous = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' });
    const v0 = await fetch(`${server.hubUrl}/negotiate`, { method: 'POST', headers: { cookie: 'who=participant:p1' } });
    expect(await v0.json()).toEqual({ error: "The client requested version '0', but the server does not support this version." });
    const text = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=x`, { method: 'POST', headers: { cookie: 'who=participant:p1' } });
    expect(await text.json()).toEqual({ error: 'The client requested a non-integer protocol version.' });
    expect((await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`)).status).toBe(405);
  });

  it('should answer a preflight from an allowed origin with credentialed CORS headers', async () => {
    server = await startHubServer();
    const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-requested-with,x-signalr-user-agent' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-requested-with, x-signalr-user-agent, authorization, content-type');
    expect(res.headers.get('vary')).toBe('Origin');
    const actual = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Origin: ALLOWED_ORIGIN, cookie: 'who=participant:p1' },
    });
    expect(actual.status).toBe(200);
    expect(actual.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
  });

  it('should give a forbidden origin no CORS headers and refuse its negotiate', async () => {
    server = await startHubServer();
    const preflight = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', cookie: 'who=participant:p1' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('should refuse a WebSocket upgrade from a forbidden origin with 403 and accept an allowed one', async () => {
    server = await startHubServer();
    const { connectionToken } = await negotiate(server);
    expect(await upgradeStatus(server, `?id=${connectionToken}`, { Origin: 'https://evil.example', cookie: 'who=participant:p1' })).toBe(403);
    expect(server.hub.connectionCount()).toBe(0);
    expect(await upgradeStatus(server, `?id=${connectionToken}`, { Origin: ALLOWED_ORIGIN, ...P1 })).toBe(101);
  });

  it('should reject forged, tampered, reused, foreign and missing connection tokens', async () => {
    server = await startHubServer();
    const { connectionToken, connectionId } = await negotiate(server);
    expect(await upgradeStatus(server, `?id=${connectionId}`)).toBe(404);
    expect(await upgradeStatus(server, `?id=${tamper(connectionToken)}`)).toBe(404);
    expect(await upgradeStatus(server, `?id=${forgeSignatureEnd(connectionToken)}`)).toBe(404);
    expect(await upgradeStatus(server, `?id=${connectionToken}`, { cookie: 'who=participant:intruder' })).toBe(403);
    expect(await upgradeStatus(server, `?id=${connectionToken}`)).toBe(101);
    await eventually(() => server.hub.connectionCount() === 0);
    expect(await upgradeStatus(server, `?id=${connectionToken}`)).toBe(404);
    const poll = await fetch(`${server.hubUrl}?id=${tamper(connectionToken)}`);
    expect(poll.status).toBe(404);
    const sse = await fetch(`${server.hubUrl}?id=${tamper(connectionToken)}`, { headers: { Accept: 'text/event-stream' } });
    expect(sse.status).toBe(404);
  });

  it('should expire a connection token that was not used within the disconnect timeout', async () => {
    let clock = 1_000_000;
    server = await startHubServer({ now: () => clock, disconnectTimeoutMs: 15_000 });
    const { connectionToken } = await negotiate(server);
    clock += 15_001;
    expect(await upgradeStatus(server, `?id=${connectionToken}`)).toBe(404);
    const fresh = await negotiate(server);
    clock += 14_000;
    expect(await upgradeStatus(server, `?id=${fresh.connectionToken}`)).toBe(101);
  });

  it('should refuse a token signed with another secret', async () => {
    server = await startHubServer();
    const other = await startHubServer({ tokenSecret: 'another-secret-0123456789' });
    try {
      const { connectionToken } = await negotiate(other);
      expect(await upgradeStatus(server, `?id=${connectionToken}`)).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('should refuse more simultaneous connections per principal than allowed with 429', async () => {
    server = await startHubServer({ maxConnectionsPerPrincipal: 2 });
    const tokens = [await negotiate(server), await negotiate(server), await negotiate(server)].map((n) => n.connectionToken);
    expect(await upgradeStatus(server, `?id=${tokens[0]}`, P1, false)).toBe(101);
    expect(await upgradeStatus(server, `?id=${tokens[1]}`, P1, false)).toBe(101);
    expect(await upgradeStatus(server, `?id=${tokens[2]}`)).toBe(429);
    const other = await negotiate(server, 'participant:p2');
    expect(await upgradeStatus(server, `?id=${other.connectionToken}`, { cookie: 'who=participant:p2' })).toBe(101);
  });

  it('should hold the per-principal limit when many upgrades arrive at once while the session check is awaited', async () => {
    // The session check goes to the database in production; while it is awaited, parallel upgrades used to pass the
    // limit check together (found from outside: 50 parallel upgrades, 50 open).
    server = await startHubServer({
      maxConnectionsPerPrincipal: 3,
      isPrincipalActive: () => new Promise((resolve) => setTimeout(() => resolve(true), 20)),
    });
    const tokens = await Promise.all(Array.from({ length: 12 }, () => negotiate(server)));
    const statuses = await Promise.all(tokens.map((n) => upgradeStatus(server, `?id=${n.connectionToken}`, P1, false)));
    expect(statuses.filter((status) => status === 101)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('should give a slot back when an admitted upgrade fails its handshake', async () => {
    server = await startHubServer({ maxConnectionsPerPrincipal: 1 });
    const first = await negotiate(server);
    // Admitted by token and cookie, then refused for a missing Sec-WebSocket-Key: the slot must not stay taken.
    const bad = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.hubUrl}?id=${first.connectionToken}`, {
        headers: { ...P1, Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13' },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('upgrade', () => resolve(101));
      req.on('error', reject);
      req.end();
    });
    expect(bad).toBe(400);
    const second = await negotiate(server);
    expect(await upgradeStatus(server, `?id=${second.connectionToken}`)).toBe(101);
  });

  it('should refuse a request without connection id and without session as negotiate does (401), before the missing id', async () => {
    // ASP.NET Core authenticates before its dispatcher looks at the id (found from outside: the upgrade said 400).
    server = await startHubServer();
    const refusal = { Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' };
    const negotiation = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect([negotiation.status, await negotiation.json()]).toEqual([401, refusal]);
    const upgrade = await upgradeAnswer(server, {});
    expect(upgrade).toEqual({ status: 401, body: refusal });
    expect(await upgradeStatus(server, '', { cookie: 'who=nobody' })).toBe(401);
    for (const accept of ['*/*', 'text/event-stream']) {
      const res = await fetch(server.hubUrl, { headers: { Accept: accept } });
      expect([res.status, await res.json()]).toEqual([401, refusal]);
    }
    expect(server.hub.connectionCount()).toBe(0);
  });

  it('should still answer a signed-in request without connection id with 400, and admit its WebSocket (skipNegotiation)', async () => {
    server = await startHubServer();
    for (const accept of ['*/*', 'text/event-stream']) {
      const res = await fetch(server.hubUrl, { headers: { Accept: accept, ...P1 } });
      expect([res.status, await res.json()]).toEqual([400, { Error: 'MissingConnectionId', Message: 'Die Verbindungskennung fehlt.' }]);
    }
    expect(await upgradeStatus(server, '', P1)).toBe(101);
  });

  it('should refuse an upgrade without connection id with 503 when the session cannot be checked', async () => {
    server = await startHubServer({ authenticate: () => Promise.reject(new Error('db down')) });
    expect(await upgradeStatus(server, '', P1)).toBe(503);
    expect(server.hub.connectionCount()).toBe(0);
  });

  it('should answer 500 with a generic German message when authentication fails unexpectedly', async () => {
    const errors: object[] = [];
    server = await startHubServer({
      authenticate: () => Promise.reject(new Error('db down')),
      logger: { info() {}, warn() {}, error: (o) => void errors.push(o) },
    });
    const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ Error: 'InternalError', Message: 'Bei der Verarbeitung ist ein Fehler aufgetreten.' });
    expect(errors).toHaveLength(1);
  });
});
