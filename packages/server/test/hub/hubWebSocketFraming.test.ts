import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eventually, startHubServer, type TestHubServer } from '../support/hubTestServer.js';
import { RS } from '../support/rawHubClient.js';
import { waitForItem } from '../support/waitForItem.js';

// The hub's own WebSocket implementation (src/hub/websocket) over a real TCP socket, byte by byte, where a
// library client would hide what goes over the wire: the opening handshake, masking, fragments, control
// frames and the close codes of RFC 6455.

interface ServerFrame {
  opcode: number;
  payload: Buffer;
}

/** A hand-made client: sends raw frames, reads the server's frames, sees TCP end. */
interface WireClient {
  socket: Socket;
  frames: ServerFrame[];
  ended: Promise<void>;
  send(opcode: number, payload: Buffer | string, fin?: boolean, masked?: boolean): void;
  nextFrame(predicate: (frame: ServerFrame) => boolean): Promise<ServerFrame>;
}

function frameBytes(opcode: number, payload: Buffer, fin: boolean, masked: boolean): Buffer {
  const length = payload.length;
  const head = Buffer.alloc(2 + (length < 126 ? 0 : 2) + (masked ? 4 : 0));
  head[0] = (fin ? 0x80 : 0) | opcode;
  head[1] = (masked ? 0x80 : 0) | (length < 126 ? length : 126);
  if (length >= 126) head.writeUInt16BE(length, 2);
  if (!masked) return Buffer.concat([head, payload]);
  const key = randomBytes(4);
  key.copy(head, head.length - 4);
  return Buffer.concat([head, Buffer.from(payload.map((byte, i) => byte ^ (key[i % 4] as number)))]);
}

async function openSocket(server: TestHubServer, headers: Record<string, string>): Promise<{ socket: Socket; response: string; rest: Buffer }> {
  const negotiate = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: 'who=participant:wire' } });
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const { port } = new URL(server.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const lines = [
    `GET /signalr?id=${connectionToken} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Cookie: who=participant:wire',
    'Connection: Upgrade',
    'Upgrade: websocket',
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  let received = Buffer.alloc(0);
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  const end = received.indexOf('\r\n\r\n') + 4;
  return { socket, response: received.subarray(0, end).toString('latin1'), rest: received.subarray(end) };
}

async function wireClient(server: TestHubServer): Promise<WireClient> {
  const key = randomBytes(16).toString('base64');
  const { socket, response, rest } = await openSocket(server, { 'Sec-WebSocket-Key': key, 'Sec-WebSocket-Version': '13' });
  expect(response).toMatch(/^HTTP\/1\.1 101 /);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  let pending = rest;
  const read = (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (pending.length < 2) return;
      const short = (pending[1] as number) & 0x7f;
      const headerLength = short === 126 ? 4 : short === 127 ? 10 : 2;
      if (pending.length < headerLength) return;
      const length = short === 126 ? pending.readUInt16BE(2) : short === 127 ? Number(pending.readBigUInt64BE(2)) : short;
      if (((pending[1] as number) & 0x80) !== 0) throw new Error('server frames must not be masked');
      if (pending.length < headerLength + length) return;
      frames.push({ opcode: (pending[0] as number) & 0x0f, payload: pending.subarray(headerLength, headerLength + length) });
      pending = pending.subarray(headerLength + length);
      for (const wake of [...waiters]) wake();
    }
  };
  socket.on('data', read);
  const ended = new Promise<void>((resolve) => socket.once('end', resolve));
  socket.on('error', () => undefined);
  return {
    socket,
    frames,
    ended,
    send: (opcode, payload, fin = true, masked = true) =>
      socket.write(frameBytes(opcode, typeof payload === 'string' ? Buffer.from(payload) : payload, fin, masked)),
    nextFrame: (predicate) =>
      new Promise((resolve) => {
        waitForItem(frames, waiters, predicate, resolve);
      }),
  };
}

const closeCodeOf = (frame: ServerFrame) => frame.payload.readUInt16BE(0);
const isClose = (frame: ServerFrame) => frame.opcode === 0x8;
const recordsOf = (frames: ServerFrame[]) =>
  frames
    .filter((frame) => frame.opcode === 0x1)
    .flatMap((frame) => frame.payload.toString('utf8').split(RS).slice(0, -1))
    .map((record) => JSON.parse(record) as Record<string, unknown>);

describe('the hub WebSocket on the wire (RFC 6455)', () => {
  let server: TestHubServer;
  beforeEach(async () => {
    server = await startHubServer({ maxMessageBytes: 1024 });
  });
  afterEach(async () => {
    await server.close();
  });

  it('should answer the opening handshake with the accept hash of RFC 6455 and no extension', async () => {
    // The example key of RFC 6455, section 1.3, and its answer.
    const { socket, response } = await openSocket(server, {
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Extensions': 'permessage-deflate',
    });
    expect(response).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n');
    expect(response.toLowerCase()).not.toContain('sec-websocket-extensions');
    socket.destroy();
  });

  it('should refuse an upgrade without a valid key or version with 400 JSON', async () => {
    const noKey = await openSocket(server, { 'Sec-WebSocket-Version': '13' });
    expect(noKey.response).toMatch(/^HTTP\/1\.1 400 /);
    noKey.socket.destroy();
    const badVersion = await openSocket(server, { 'Sec-WebSocket-Key': randomBytes(16).toString('base64'), 'Sec-WebSocket-Version': '12' });
    expect(badVersion.response).toMatch(/^HTTP\/1\.1 400 /);
    badVersion.socket.destroy();
    await eventually(() => server.hub.connectionCount() === 0);
  });

  it('should assemble a message from fragments with a ping between them, and answer the ping with its payload', async () => {
    const client = await wireClient(server);
    const handshake = `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"f","target":"Echo","arguments":["zusammengesetzt"]}${RS}`;
    client.send(0x1, handshake.slice(0, 10), false);
    client.send(0x9, 'hallo?');
    client.send(0x0, handshake.slice(10, 40), false);
    client.send(0x0, handshake.slice(40), true);
    const pong = await client.nextFrame((frame) => frame.opcode === 0xa);
    expect(pong.payload.toString()).toBe('hallo?');
    await eventually(() => recordsOf(client.frames).some((record) => record.invocationId === 'f'));
    expect(recordsOf(client.frames)).toEqual([{}, { type: 3, invocationId: 'f', result: 'zusammengesetzt' }]);
    client.socket.destroy();
  });

  it('should echo the client Close with its code, end TCP and drop the connection', async () => {
    const client = await wireClient(server);
    client.send(0x1, `{"protocol":"json","version":1}${RS}`);
    await eventually(() => server.hub.connectionCount() === 1);
    client.send(0x8, Buffer.from([0x0f, 0xa0])); // 4000
    expect(closeCodeOf(await client.nextFrame(isClose))).toBe(4000);
    await client.ended;
    await eventually(() => server.hub.connectionCount() === 0);
  });

  it('should drop a client that keeps pinging without reading the pongs', async () => {
    const client = await wireClient(server);
    client.send(0x1, `{"protocol":"json","version":1}${RS}`);
    await eventually(() => server.hub.connectionCount() === 1);
    client.socket.pause(); // reads nothing from now on
    const burst = Buffer.concat(Array.from({ length: 1000 }, () => frameBytes(0x9, Buffer.alloc(125, 0x70), true, true)));
    // 300,000 pings ask for 38 MB of pongs: more than the socket buffers of both kernels take, and then more than
    // the 4 MiB the hub holds for a client that does not read.
    for (let i = 0; i < 300 && !client.socket.destroyed; i += 1) {
      // Until the hub cuts the socket: then neither 'drain' nor more writes come.
      if (!client.socket.write(burst)) await new Promise((resolve) => client.socket.once('drain', resolve).once('close', resolve));
    }
    await eventually(() => server.hub.connectionCount() === 0, 10_000);
    client.socket.destroy();
  });

  it.each([
    ['an unmasked frame', (client: WireClient) => client.send(0x1, 'x', true, false), 1002],
    ['a continuation without a first fragment', (client: WireClient) => client.send(0x0, 'x'), 1002],
    ['a text frame that is not UTF-8', (client: WireClient) => client.send(0x1, Buffer.from([0x7b, 0xc3, 0x28])), 1007],
    ['a message over the size limit', (client: WireClient) => client.send(0x1, 'x'.repeat(2000)), 1009],
    ['a binary frame', (client: WireClient) => client.send(0x2, Buffer.from([1, 2, 3])), 1003],
  ])('should close with the RFC code on %s and keep serving others', async (_name, breakIt, code) => {
    const client = await wireClient(server);
    client.send(0x1, `{"protocol":"json","version":1}${RS}`);
    await eventually(() => recordsOf(client.frames).length === 1);
    breakIt(client);
    expect(closeCodeOf(await client.nextFrame(isClose))).toBe(code);
    client.socket.end(); // the client side of the closing handshake: TCP ends, the hub forgets the connection
    await eventually(() => server.hub.connectionCount() === 0);
    const other = await wireClient(server);
    other.send(0x1, `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"o","target":"Add","arguments":[2,3]}${RS}`);
    await eventually(() => recordsOf(other.frames).some((record) => record.result === 5));
    other.socket.destroy();
  });
});
