import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { buildClient, eventually, nextCall, startHubServer, type TestHubServer } from '../support/hubTestServer.js';
import { RS, completionFor, connectWithHandshake } from '../support/rawHubClient.js';

describe('hub invocations with the official client over WebSockets', () => {
  let server: TestHubServer;
  beforeEach(async () => {
    server = await startHubServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('should resolve invoke with the method result, including falsy values', async () => {
    const client = buildClient(server.hubUrl);
    await client.start();
    await expect(client.invoke('Add', 2, 3)).resolves.toBe(5);
    await expect(client.invoke('Echo', 0)).resolves.toBe(0);
    await expect(client.invoke('echo', false)).resolves.toBe(false);
    await expect(client.invoke('Nothing')).resolves.toBeUndefined();
    await expect(client.invoke('WhoAmI')).resolves.toEqual({ kind: 'participant', id: 'p1', connectionId: client.connectionId });
    await client.stop();
  });

  it('should reject invoke with the HubError message and hide other exceptions behind a German text', async () => {
    const client = buildClient(server.hubUrl);
    await client.start();
    await expect(client.invoke('Refuse')).rejects.toThrow('Sie gehören nicht zu diesem Chat.');
    const crash = await client.invoke('Explode').catch((error: Error) => error.message);
    expect(crash).toBe('Bei der Verarbeitung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.');
    expect(crash).not.toContain('password');
    await expect(client.invoke('Missing')).rejects.toThrow("Die Methode 'Missing' ist nicht bekannt.");
    await expect(client.invoke('Add', 1)).rejects.toThrow("Die Methode 'Add' erwartet 2 Argument(e), erhalten: 1.");
    expect(client.state).toBe(HubConnectionState.Connected);
    await client.stop();
  });

  it('should run send without answering it, keeping the connection usable', async () => {
    const client = buildClient(server.hubUrl);
    await client.start();
    await client.send('Record', 'a');
    await client.send('Missing', 'b');
    await eventually(() => server.events.includes('record:a'));
    await expect(client.invoke('Echo', 'still open')).resolves.toBe('still open');
    expect(client.state).toBe(HubConnectionState.Connected);
    await client.stop();
  });

  it('should deliver server messages to a connection, a principal and a group', async () => {
    const alice = buildClient(server.hubUrl, { who: 'participant:alice' });
    const lawyer = buildClient(server.hubUrl, { who: 'lawyer:l1' });
    await Promise.all([alice.start(), lawyer.start()]);

    const direct = nextCall(alice, 'Direct');
    await server.hub.sendToConnection(alice.connectionId ?? '', 'Direct', [{ Text: 'hallo' }]);
    await expect(direct).resolves.toEqual([{ Text: 'hallo' }]);

    const queue = nextCall(lawyer, 'QueueChanged');
    await server.hub.sendToPrincipal({ kind: 'lawyer', id: 'l1' }, 'QueueChanged', [3]);
    await expect(queue).resolves.toEqual([3]);

    await alice.invoke('Join', 'chat-1');
    await lawyer.invoke('Join', 'chat-1');
    const toAlice = nextCall(alice, 'Message');
    const toLawyer = nextCall(lawyer, 'Message');
    await lawyer.invoke('Broadcast', 'chat-1', 'Guten Tag');
    await expect(Promise.all([toAlice, toLawyer])).resolves.toEqual([['Guten Tag'], ['Guten Tag']]);

    await alice.invoke('Leave', 'chat-1');
    const received: unknown[] = [];
    alice.on('Message', (text: unknown) => received.push(text));
    const lawyerAgain = nextCall(lawyer, 'Message');
    await lawyer.invoke('Broadcast', 'chat-1', 'Nur für Sie');
    await lawyerAgain;
    await expect(alice.invoke('Echo', 'sync')).resolves.toBe('sync');
    expect(received).toEqual([]);
    await Promise.all([alice.stop(), lawyer.stop()]);
  });

  it('should report connect and disconnect and count connections and messages', async () => {
    const client = buildClient(server.hubUrl, { who: 'participant:p7' });
    await client.start();
    await eventually(() => server.events.includes('connected:p7'));
    expect(server.hub.connectionCount()).toBe(1);
    await client.invoke('Echo', 1);
    const metrics = server.hub.metrics();
    expect(metrics.connections).toBe(1);
    expect(metrics.messagesIn).toBeGreaterThanOrEqual(1);
    expect(metrics.messagesOut).toBeGreaterThanOrEqual(1);
    await client.stop();
    await eventually(() => server.events.includes('disconnected:p7'));
    expect(server.hub.connectionCount()).toBe(0);
  });

  it('should close every connection of a principal without reconnect on disconnectPrincipal', async () => {
    const client = buildClient(server.hubUrl, { who: 'participant:out', reconnectDelays: [0] });
    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await client.start();
    await server.hub.disconnectPrincipal({ kind: 'participant', id: 'out' }, 'Sie wurden abgemeldet.');
    await expect(closed).resolves.toHaveProperty('message', 'Server returned an error on close: Sie wurden abgemeldet.');
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });

  it('should close every connection of a principal with automatic reconnect on reconnectPrincipal', async () => {
    const client = buildClient(server.hubUrl, { who: 'participant:again', reconnectDelays: [0] });
    const reconnected = new Promise<string | undefined>((resolve) => client.onreconnected(resolve));
    await client.start();
    const firstId = client.connectionId;
    await server.hub.reconnectPrincipal({ kind: 'participant', id: 'again' }, 'Ihnen wurden Chats übergeben.');
    const secondId = await reconnected;
    expect(secondId).not.toBe(firstId);
    expect(client.state).toBe(HubConnectionState.Connected);
    await client.stop();
  });
});

describe('hub refusals on the wire (raw ws client)', () => {
  let server: TestHubServer;
  beforeEach(async () => {
    server = await startHubServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("should send a HubError's code and German message as the JSON text of { Error, Message } and keep every other error plain", async () => {
    const client = await connectWithHandshake(server);
    client.send(`{"type":1,"invocationId":"r","target":"Refuse","arguments":[]}${RS}{"type":1,"invocationId":"x","target":"Explode","arguments":[]}${RS}`);
    const refused = await client.waitFor(completionFor('r'));
    expect(refused).toEqual({ type: 3, invocationId: 'r', error: '{"Error":"NotInChat","Message":"Sie gehören nicht zu diesem Chat."}' });
    expect(JSON.parse(String(refused.error))).toEqual({ Error: 'NotInChat', Message: 'Sie gehören nicht zu diesem Chat.' });
    expect(await client.waitFor(completionFor('x'))).toEqual({
      type: 3,
      invocationId: 'x',
      error: 'Bei der Verarbeitung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    });
    client.ws.close();
  });
});
