import { afterEach, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import WebSocket from 'ws';
import { buildClient, eventually, startHubServer, type TestHubServer } from './hub-test-server.js';

const RS = '\u001e';

async function negotiate(server: TestHubServer, who = 'participant:p1'): Promise<{ connectionId: string; connectionToken: string }> {
  const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: `who=${who}` } });
  return (await res.json()) as { connectionId: string; connectionToken: string };
}

describe('hub keep-alive, timeouts and reconnect', () => {
  let server: TestHubServer;
  afterEach(async () => {
    await server.close();
  });

  it('should keep an idle connection alive with server pings beyond the client server-timeout', async () => {
    // Scaled down: 50 ms server pings against a 300 ms client server-timeout, idle for over three timeouts.
    server = await startHubServer({ keepAliveIntervalMs: 50, clientTimeoutMs: 10_000 });
    const client = buildClient(server.hubUrl, { serverTimeoutMs: 300 });
    await client.start();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(client.state).toBe(HubConnectionState.Connected);
    await expect(client.invoke('Echo', 'alive')).resolves.toBe('alive');
    await client.stop();
  });

  it('should close a connection whose client stays silent for the client timeout, allowing reconnect', async () => {
    server = await startHubServer({ keepAliveIntervalMs: 1000, clientTimeoutMs: 200 });
    const { connectionToken } = await negotiate(server);
    const ws = new WebSocket(`${server.hubUrl.replace('http', 'ws')}?id=${connectionToken}`);
    const received: string[] = [];
    ws.on('message', (data: Buffer) => received.push(data.toString()));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(`{"protocol":"json","version":1}${RS}`);
    const closeCode = await new Promise<number>((resolve) => ws.once('close', resolve));
    expect(closeCode).toBe(1000);
    const close = received.join('').split(RS).find((record) => record.includes('"type":7'));
    expect(JSON.parse(close ?? '{}')).toEqual({ type: 7, error: 'Die Verbindung wurde getrennt, weil der Client nicht mehr geantwortet hat.', allowReconnect: true });
    await eventually(() => server.hub.connectionCount() === 0);
  });

  it('should answer a missing handshake with the handshake error after the handshake timeout', async () => {
    server = await startHubServer({ handshakeTimeoutMs: 100 });
    const { connectionToken } = await negotiate(server);
    const ws = new WebSocket(`${server.hubUrl.replace('http', 'ws')}?id=${connectionToken}`);
    const received: string[] = [];
    ws.on('message', (data: Buffer) => received.push(data.toString()));
    await new Promise((resolve) => ws.once('close', resolve));
    expect(received.join('')).toBe(`{"error":"Handshake was canceled."}${RS}`);
  });

  it('should let the client reconnect automatically with a new connection after the socket is cut', async () => {
    server = await startHubServer();
    const client = buildClient(server.hubUrl, { reconnectDelays: [0, 100, 100] });
    await client.start();
    const firstId = client.connectionId;
    const reconnected = new Promise<string | undefined>((resolve) => client.onreconnected(resolve));
    server.upgradedSockets[0]?.destroy();
    const newId = await reconnected;
    expect(newId).toBeDefined();
    expect(newId).not.toBe(firstId);
    await expect(client.invoke('Echo', 'wieder da')).resolves.toBe('wieder da');
    await client.stop();
  });

  it('should send Close with allowReconnect on shutdown so clients start reconnecting', async () => {
    server = await startHubServer();
    const client = buildClient(server.hubUrl, { reconnectDelays: [60_000] });
    await client.start();
    const reconnecting = new Promise<Error | undefined>((resolve) => client.onreconnecting(resolve));
    await server.hub.close();
    const reason = await reconnecting;
    expect(reason?.message).toBe('Server returned an error on close: Der Server wird neu gestartet.');
    expect(client.state).toBe(HubConnectionState.Reconnecting);
    await client.stop();
  });
});
