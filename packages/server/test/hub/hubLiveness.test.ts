import { afterEach, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { buildClient, eventually, startHubServer, type TestHubServer } from '../support/hubTestServer.js';
import { completionFor, connectRaw, connectWithHandshake, RS } from '../support/rawHubClient.js';

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

  it('should ping only a connection that heard nothing for the keep-alive interval, not one that receives frames', async () => {
    // As ASP.NET Core: any frame resets the keep-alive, so busy connections (most, under load) get no pings.
    server = await startHubServer({ keepAliveIntervalMs: 200, clientTimeoutMs: 10_000 });
    const client = await connectWithHandshake(server);
    const pings = () => client.records.filter((record) => record.type === 6).length;
    for (let i = 0; i < 12; i += 1) {
      client.send(`{"type":1,"invocationId":"busy-${i}","target":"Echo","arguments":["${i}"]}${RS}`);
      await client.waitFor(completionFor(`busy-${i}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pings()).toBe(0);
    await eventually(() => pings() > 0);
  });

  it('should close a connection whose client stays silent for the client timeout, allowing reconnect', async () => {
    server = await startHubServer({ keepAliveIntervalMs: 1000, clientTimeoutMs: 200 });
    const client = await connectWithHandshake(server);
    expect(await client.closed).toBe(1000);
    expect(client.records.find((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Die Verbindung wurde getrennt, weil der Client nicht mehr geantwortet hat.',
      allowReconnect: true,
    });
    await eventually(() => server.hub.connectionCount() === 0);
  });

  it('should answer a missing handshake with the handshake error after the handshake timeout', async () => {
    server = await startHubServer({ handshakeTimeoutMs: 100 });
    const client = await connectRaw(server);
    await client.closed;
    expect(client.records).toEqual([{ error: 'Handshake was canceled.' }]);
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

  it('should close connections of principals whose session is no longer active, and only those', async () => {
    let sessionEnded = false;
    server = await startHubServer({ revalidateIntervalMs: 50, isPrincipalActive: async (principal) => !(sessionEnded && principal.id === 'gone') });
    const gone = buildClient(server.hubUrl, { who: 'participant:gone', reconnectDelays: [0] });
    const stays = buildClient(server.hubUrl, { who: 'participant:stays' });
    const closed = new Promise<Error | undefined>((resolve) => gone.onclose(resolve));
    await Promise.all([gone.start(), stays.start()]);
    sessionEnded = true;
    await expect(closed).resolves.toHaveProperty('message', 'Server returned an error on close: Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    await expect(stays.invoke('Echo', 'noch da')).resolves.toBe('noch da');
    await stays.stop();
  });

  it('should close a connection whose own session ended although the same principal is still signed in elsewhere', async () => {
    // Found from outside (2026-12-03, third pass): revalidation asked only whether the principal had *a* live session,
    // so a console whose session ran out (idle, or the 12-hour limit) kept its WebSocket – live chats on a computer left
    // behind, and a stolen cookie's socket past the absolute limit – as long as the lawyer was signed in anywhere else.
    const ended = new Set<string>();
    server = await startHubServer({
      revalidateIntervalMs: 50,
      sessionOf: (req) => /(?:^|;\s*)sid=(\w+)/.exec(req.headers.cookie ?? '')?.[1],
      isPrincipalActive: async (_principal, session) => session === undefined || !ended.has(session),
    });
    const leftBehind = buildClient(server.hubUrl, { who: 'lawyer:l1; sid=behind', reconnectDelays: [0] });
    const inUse = buildClient(server.hubUrl, { who: 'lawyer:l1; sid=inuse' });
    const closed = new Promise<Error | undefined>((resolve) => leftBehind.onclose(resolve));
    await Promise.all([leftBehind.start(), inUse.start()]);
    ended.add('behind');
    const outcome = await Promise.race([closed.then((error) => error?.message), new Promise((resolve) => setTimeout(() => resolve('still open'), 2000))]);
    expect(outcome).toBe('Server returned an error on close: Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    await expect(inUse.invoke('Echo', 'noch da')).resolves.toBe('noch da');
    await Promise.all([inUse.stop(), leftBehind.stop()]);
  });

  it('should refuse a new connection while its session cannot be checked, and admit it once the check works again', async () => {
    let databaseDown = true;
    server = await startHubServer({
      isPrincipalActive: async () => {
        if (databaseDown) throw new Error('database unreachable');
        return true;
      },
    });
    const refused = buildClient(server.hubUrl, { who: 'participant:p1' });
    await expect(refused.start()).rejects.toThrow();
    expect(refused.state).toBe(HubConnectionState.Disconnected);
    databaseDown = false;
    const admitted = buildClient(server.hubUrl, { who: 'participant:p1' });
    await admitted.start();
    await expect(admitted.invoke('Echo', 'wieder da')).resolves.toBe('wieder da');
    await admitted.stop();
  });

  it('should answer the handshake with an error when the connection could not join its groups, so that the client retries', async () => {
    server = await startHubServer({
      onConnected: () => {
        throw new Error('group lookup failed');
      },
    });
    const client = await connectRaw(server);
    client.send(`{"protocol":"json","version":1}${RS}`);
    expect(await client.waitFor((record) => 'error' in record)).toEqual({
      error: 'Bei der Verarbeitung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    });
    await client.closed;
    expect(client.records).toHaveLength(1);
  });

  it('should answer the handshake only once the connection is in its groups, followed by what its groups got meanwhile', async () => {
    // A reconnected console on PostgreSQL + Redis missed a message sent between the handshake answer and its chat
    // groups' SUBSCRIBE; now the client's start or reconnect resolves only when every message to its chats reaches it.
    let inRoom = false;
    let finishJoining = () => {};
    const joining = new Promise<void>((resolve) => (finishJoining = resolve));
    server = await startHubServer({
      onConnected: async (ctx) => {
        if (ctx.principal.id !== 'late') return;
        await server.hub.addToGroup(ctx.connectionId, 'room');
        inRoom = true;
        await joining;
      },
    });
    const sender = await connectWithHandshake(server, 'participant:sender');
    const late = await connectRaw(server, 'participant:late');
    late.send(`{"protocol":"json","version":1}${RS}`);
    await eventually(() => inRoom);
    sender.send(`{"type":1,"invocationId":"b1","target":"Broadcast","arguments":["room","hallo"]}${RS}`);
    await sender.waitFor(completionFor('b1'));
    expect(late.records).toEqual([]);
    finishJoining();
    await late.waitFor((record) => record.type === 1);
    expect(late.records).toEqual([{}, { type: 1, target: 'Message', arguments: ['hallo'] }]);
  });
});
