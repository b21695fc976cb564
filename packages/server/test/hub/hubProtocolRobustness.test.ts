import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHubServer, type TestHubServer } from '../support/hubTestServer.js';
import { RS, completionFor, connectRaw, connectWithHandshake } from '../support/rawHubClient.js';

describe('hub protocol handling of malformed and abusive input (raw ws client)', () => {
  let server: TestHubServer;
  beforeEach(async () => {
    server = await startHubServer({ maxMessageBytes: 1024, maxMessagesPerSecond: 5 });
  });
  afterEach(async () => {
    await server.close();
  });

  async function assertHubStillServes(): Promise<void> {
    const probe = await connectWithHandshake(server, 'participant:probe');
    probe.send(`{"type":1,"invocationId":"p","target":"Echo","arguments":["ok"]}${RS}`);
    expect(await probe.waitFor(completionFor('p'))).toEqual({ type: 3, invocationId: 'p', result: 'ok' });
    probe.ws.close();
  }

  it('should answer the handshake even when it shares a frame with invocations, and handle split records', async () => {
    const client = await connectRaw(server);
    client.send(`{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"Echo","arguments":["a"]}${RS}{"type":1,"invo`);
    client.send(`cationId":"2","target":"Add","arguments":[1,2]}${RS}`);
    expect(await client.waitFor(completionFor('2'))).toEqual({ type: 3, invocationId: '2', result: 3 });
    expect(client.records.slice(0, 2)).toEqual([{}, { type: 3, invocationId: '1', result: 'a' }]);
    client.ws.close();
  });

  it('should refuse an unsupported protocol with a handshake error and close', async () => {
    const client = await connectRaw(server);
    client.send(`{"protocol":"messagepack","version":1}${RS}`);
    await client.closed;
    expect(client.records).toEqual([{ error: "Das Protokoll 'messagepack' wird nicht unterstützt." }]);
  });

  it('should answer wrong argument counts, unknown methods, streams and bad invocations with completion errors', async () => {
    const client = await connectWithHandshake(server);
    client.send(
      `{"type":1,"invocationId":"a","target":"Add","arguments":[1,2,3]}${RS}` +
        `{"type":1,"invocationId":"b","target":"DropDatabase","arguments":[]}${RS}` +
        `{"type":4,"invocationId":"c","target":"Echo","arguments":[1]}${RS}` +
        `{"type":1,"invocationId":"d","target":"Echo","arguments":"not-an-array"}${RS}`,
    );
    expect(await client.waitFor(completionFor('a'))).toHaveProperty('error', "Die Methode 'Add' erwartet 2 Argument(e), erhalten: 3.");
    expect(await client.waitFor(completionFor('b'))).toHaveProperty('error', "Die Methode 'DropDatabase' ist nicht bekannt.");
    expect(await client.waitFor(completionFor('c'))).toHaveProperty('error', 'Streaming wird nicht unterstützt.');
    expect(await client.waitFor(completionFor('d'))).toHaveProperty('error', 'Der Methodenaufruf ist ungültig.');
    client.ws.close();
  });

  it('should never answer a non-blocking invocation, even a failing one', async () => {
    const client = await connectWithHandshake(server);
    client.send(`{"type":1,"target":"Explode","arguments":[]}${RS}{"type":1,"target":"Nope","arguments":[]}${RS}`);
    client.send(`{"type":1,"invocationId":"after","target":"Echo","arguments":[1]}${RS}`);
    await client.waitFor(completionFor('after'));
    expect(client.records.filter((record) => record.type === 3)).toEqual([{ type: 3, invocationId: 'after', result: 1 }]);
    client.ws.close();
  });

  it('should close the connection with an error on junk that is not JSON', async () => {
    const client = await connectWithHandshake(server);
    client.send(`this is not json${RS}`);
    expect(await client.waitFor((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Die Verbindung wurde wegen einer ungültigen Nachricht getrennt.',
      allowReconnect: false,
    });
    await client.closed;
    await assertHubStillServes();
  });

  it('should close with 1009 on an oversized frame and on an oversized unterminated record', async () => {
    const big = await connectWithHandshake(server);
    big.send(`{"type":1,"target":"Echo","arguments":["${'x'.repeat(2000)}"]}${RS}`);
    expect(await big.closed).toBe(1009);
    const creeping = await connectWithHandshake(server);
    for (let i = 0; i < 3; i += 1) creeping.send('y'.repeat(600));
    expect(await creeping.closed).toBe(1009);
    expect(creeping.records.find((record) => record.type === 7)).toHaveProperty('error', 'Die Verbindung wurde getrennt, weil eine Nachricht zu groß war.');
    await assertHubStillServes();
  });

  it('should close on binary frames', async () => {
    const client = await connectWithHandshake(server);
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.closed).toBe(1003);
  });

  it('should answer invocations over the rate limit with an error and close a client that keeps flooding', async () => {
    const client = await connectWithHandshake(server);
    const burst = Array.from({ length: 8 }, (_, i) => `{"type":1,"invocationId":"r${i}","target":"Echo","arguments":[${i}]}${RS}`).join('');
    client.send(burst);
    expect(await client.waitFor(completionFor('r4'))).toEqual({ type: 3, invocationId: 'r4', result: 4 });
    expect(await client.waitFor(completionFor('r5'))).toEqual({ type: 3, invocationId: 'r5', error: 'Zu viele Nachrichten. Bitte warten Sie einen Moment.' });
    client.send(Array.from({ length: 10 }, () => `{"type":1,"target":"Echo","arguments":[0]}${RS}`).join(''));
    expect(await client.closed).toBe(1008);
    expect(client.records.find((record) => record.type === 7)).toEqual({
      type: 7,
      error: 'Die Verbindung wurde wegen zu vieler Nachrichten getrennt.',
      allowReconnect: false,
    });
    await assertHubStillServes();
  });

  it.each([
    ['malformed invocations', (i: number) => `{"type":1,"invocationId":"m${i}","target":"","arguments":[]}`],
    ['invocations without arguments', (i: number) => `{"type":1,"invocationId":"a${i}","target":"Echo"}`],
    ['stream items and cancellations', (i: number) => `{"type":${i % 2 === 0 ? 2 : 5},"invocationId":"s${i}","item":1}`],
    ['pings', () => `{"type":6}`],
  ])('should count %s against the rate limit and close a client that floods with them', async (_what, record) => {
    // Each was answered or skipped without taking from the bucket: a client could send them without end, every one
    // parsed (and a malformed invocation answered), and was never closed as the flooding of valid calls is.
    const client = await connectWithHandshake(server);
    // One frame each: this test hub takes frames of at most 1 KiB.
    for (let i = 0; i < 40; i++) client.send(record(i) + RS);
    expect(await Promise.race([client.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))])).toBe(1008);
    expect(client.records.find((r) => r.type === 7)).toEqual({
      type: 7,
      error: 'Die Verbindung wurde wegen zu vieler Nachrichten getrennt.',
      allowReconnect: false,
    });
    // At most the bucket's burst of malformed invocations was answered.
    expect(client.records.filter((r) => r.type === 3 && r.error !== 'Zu viele Nachrichten. Bitte warten Sie einen Moment.').length).toBeLessThanOrEqual(5);
    await assertHubStillServes();
  });

  it('should ignore pings, unknown message types and client completions', async () => {
    const client = await connectWithHandshake(server);
    client.send(`{"type":6}${RS}{"type":42}${RS}{"type":3,"invocationId":"x","result":1}${RS}{"type":5,"invocationId":"y"}${RS}`);
    client.send(`{"type":1,"invocationId":"z","target":"Echo","arguments":["z"]}${RS}`);
    expect(await client.waitFor(completionFor('z'))).toEqual({ type: 3, invocationId: 'z', result: 'z' });
    client.ws.close();
  });
});
