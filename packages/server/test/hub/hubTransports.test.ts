import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { ALLOWED_ORIGIN, buildClient, eventually, nextCall, startHubServer, type TestHubServer } from '../support/hubTestServer.js';

const RS = '\u001e';

describe.each([
  ['Server-Sent Events', HttpTransportType.ServerSentEvents],
  ['long polling', HttpTransportType.LongPolling],
])('hub over %s with the official client', (_name, transport) => {
  let server: TestHubServer;
  beforeEach(async () => {
    server = await startHubServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('should invoke, receive group messages and stop cleanly', async () => {
    const client = buildClient(server.hubUrl, { transport });
    await client.start();
    await expect(client.invoke('Add', 20, 22)).resolves.toBe(42);
    await expect(client.invoke('Refuse')).rejects.toThrow('Sie gehören nicht zu diesem Chat.');
    await client.invoke('Join', 'chat-sse-lp');
    const message = nextCall(client, 'Message');
    await server.hub.sendToGroup('chat-sse-lp', 'Message', ['über HTTP']);
    await expect(message).resolves.toEqual(['über HTTP']);
    await client.stop();
    await eventually(() => server.hub.connectionCount() === 0 && server.events.includes('disconnected:p1'));
  });
});

describe('hub long-polling details', () => {
  /** Every request of the session carries the cookie of the principal that negotiated it. */
  const LP = { headers: { cookie: 'who=participant:lp' } };
  let server: TestHubServer;
  afterEach(async () => {
    await server.close();
  });

  async function open(): Promise<string> {
    const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: 'who=participant:lp' } });
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    const first = await fetch(`${server.hubUrl}?id=${connectionToken}`, LP);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    const handshake = await fetch(`${server.hubUrl}?id=${connectionToken}`, { ...LP, method: 'POST', body: `{"protocol":"json","version":1}${RS}` });
    expect(handshake.status).toBe(200);
    return connectionToken;
  }

  it('should answer an idle poll with an empty 200 after the poll timeout and 204 after DELETE', async () => {
    server = await startHubServer({ pollTimeoutMs: 100 });
    const token = await open();
    const withHandshake = await fetch(`${server.hubUrl}?id=${token}`, LP);
    expect(await withHandshake.text()).toBe(`{}${RS}`);
    const idle = await fetch(`${server.hubUrl}?id=${token}`, LP);
    expect(idle.status).toBe(200);
    expect(await idle.text()).toBe('');
    const pending = fetch(`${server.hubUrl}?id=${token}`, LP);
    const stop = await fetch(`${server.hubUrl}?id=${token}`, { ...LP, method: 'DELETE' });
    expect(stop.status).toBe(202);
    expect((await pending).status).toBe(204);
    expect((await fetch(`${server.hubUrl}?id=${token}`, { ...LP, method: 'POST', body: `{"type":6}${RS}` })).status).toBe(404);
  });

  it('should drop a session whose client stopped polling', async () => {
    server = await startHubServer({ disconnectTimeoutMs: 100 });
    await open();
    expect(server.hub.connectionCount()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.hub.connectionCount()).toBe(0);
  });

  it('should refuse an oversized POST with 413 and end the session with a Close message', async () => {
    server = await startHubServer({ maxMessageBytes: 1024 });
    const token = await open();
    await fetch(`${server.hubUrl}?id=${token}`, LP);
    const res = await fetch(`${server.hubUrl}?id=${token}`, { ...LP, method: 'POST', body: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    const last = await fetch(`${server.hubUrl}?id=${token}`, LP);
    expect(await last.text()).toBe(`{"type":7,"error":"Die Verbindung wurde getrennt, weil eine Nachricht zu groß war.","allowReconnect":false}${RS}`);
    expect((await fetch(`${server.hubUrl}?id=${token}`, LP)).status).toBe(204);
  });

  it('should send credentialed CORS headers on an SSE stream for an allowed origin only', async () => {
    server = await startHubServer();
    const negotiateFor = async () => {
      const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: 'who=participant:sse' } });
      return ((await res.json()) as { connectionToken: string }).connectionToken;
    };
    const allowed = await fetch(`${server.hubUrl}?id=${await negotiateFor()}`, {
      headers: { Accept: 'text/event-stream', Origin: ALLOWED_ORIGIN, cookie: 'who=participant:sse' },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toBe('text/event-stream');
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    await allowed.body?.cancel();
    const forbidden = await fetch(`${server.hubUrl}?id=${await negotiateFor()}`, {
      headers: { Accept: 'text/event-stream', Origin: 'https://evil.example', cookie: 'who=participant:sse' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('access-control-allow-origin')).toBeNull();
  });
});
