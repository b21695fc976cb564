// Issue "Hub", point 3: every request on a connection must carry the principal that opened it (ASP.NET Core's
// HttpConnectionDispatcher answers 403 otherwise). Raw HTTP against a started hub; cookie `who=<kind>:<id>`.
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HttpTransportType } from '@microsoft/signalr';
import type { HubPrincipal } from '../../src/hub/index.js';
import { buildClient, cookieAuth, eventually, startHubServer, type TestHubServer } from '../support/hubTestServer.js';

const RS = '\u001e';
const OWNER = 'who=participant:p1';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const invocation = (id: string, value: string) => `{"type":1,"invocationId":"${id}","target":"Record","arguments":["${value}"]}${RS}`;

/** Requests that must not act on p1's connection: another participant, a lawyer (even with the same id), nobody. */
const INTRUDERS = [
  { who: 'another participant', headers: { cookie: 'who=participant:p2' }, code: 'PrincipalMismatch' },
  { who: 'a lawyer', headers: { cookie: 'who=lawyer:p1' }, code: 'PrincipalMismatch' },
  { who: 'no cookie', headers: {} as Record<string, string>, code: 'NotAuthenticated' },
] as const;

async function negotiate(server: TestHubServer, cookie = OWNER): Promise<{ connectionId: string; connectionToken: string }> {
  const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as { connectionId: string; connectionToken: string };
}

async function expectRefused(res: Response, code: string): Promise<void> {
  expect(res.status).toBe(403);
  expect(((await res.json()) as { Error: string }).Error).toBe(code);
}

/** An SSE stream read as text as it arrives. */
function readStream(res: Response): { text(): string; waitFor(part: string): Promise<void>; cancel(): Promise<void> } {
  let received = '';
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (chunk === undefined || chunk.done) return;
      received += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return {
    text: () => received,
    waitFor: (part) => eventually(() => received.includes(part)),
    cancel: async () => reader?.cancel(),
  };
}

describe('hub requests on an existing connection carry the principal that opened it', () => {
  let server: TestHubServer;
  afterEach(async () => {
    await server.close();
  });

  it('should refuse a long-polling send, poll and stop from another principal or without cookie with 403, and deliver nothing either way', async () => {
    server = await startHubServer();
    const { connectionId, connectionToken } = await negotiate(server);
    const url = `${server.hubUrl}?id=${connectionToken}`;
    const owner = { headers: { cookie: OWNER } };
    expect((await fetch(url, owner)).status).toBe(200);
    expect((await fetch(url, { ...owner, method: 'POST', body: HANDSHAKE })).status).toBe(200);
    expect(await (await fetch(url, owner)).text()).toBe(`{}${RS}`);
    // A message for the owner waits in the queue while the others knock: a poll they could make would collect it.
    await server.hub.sendToConnection(connectionId, 'Message', ['nur für p1']);
    for (const intruder of INTRUDERS) {
      await expectRefused(
        await fetch(url, { headers: intruder.headers, method: 'POST', body: invocation(`x-${intruder.code}`, `intruder ${intruder.who}`) }),
        intruder.code,
      );
      await expectRefused(await fetch(url, { headers: intruder.headers }), intruder.code);
      await expectRefused(await fetch(url, { headers: intruder.headers, method: 'DELETE' }), intruder.code);
    }
    expect(server.events.filter((event) => event.startsWith('record:'))).toEqual([]);
    expect(server.hub.connectionCount()).toBe(1);
    const delivered = await fetch(url, owner);
    expect(delivered.status).toBe(200);
    expect(await delivered.text()).toBe(`{"type":1,"target":"Message","arguments":["nur für p1"]}${RS}`);
    // The owner's own send still works and its completion is the only one: the refused invocations never ran.
    expect((await fetch(url, { ...owner, method: 'POST', body: invocation('mine', 'owner') })).status).toBe(200);
    const completion = await (await fetch(url, owner)).text();
    expect(completion).toBe(`{"type":3,"invocationId":"mine"}${RS}`);
    expect(server.events.filter((event) => event.startsWith('record:'))).toEqual(['record:owner']);
    expect((await fetch(url, { ...owner, method: 'DELETE' })).status).toBe(202);
    await eventually(() => server.hub.connectionCount() === 0);
  });

  it('should refuse a Server-Sent Events send from another principal or without cookie with 403 and stream only the owner’s answers', async () => {
    server = await startHubServer();
    const { connectionToken } = await negotiate(server);
    const url = `${server.hubUrl}?id=${connectionToken}`;
    const stream = await fetch(url, { headers: { cookie: OWNER, Accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const events = readStream(stream);
    for (const intruder of INTRUDERS) await expectRefused(await fetch(url, { headers: intruder.headers, method: 'POST', body: HANDSHAKE }), intruder.code);
    expect((await fetch(url, { headers: { cookie: OWNER }, method: 'POST', body: HANDSHAKE })).status).toBe(200);
    await events.waitFor(`data: {}${RS}`);
    for (const intruder of INTRUDERS) {
      await expectRefused(await fetch(url, { headers: intruder.headers, method: 'POST', body: invocation(`x-${intruder.code}`, 'intruder') }), intruder.code);
    }
    expect((await fetch(url, { headers: { cookie: OWNER }, method: 'POST', body: invocation('mine', 'owner') })).status).toBe(200);
    await events.waitFor('"invocationId":"mine"');
    expect(events.text()).not.toContain('"invocationId":"x-');
    expect(server.events.filter((event) => event.startsWith('record:'))).toEqual(['record:owner']);
    await events.cancel();
  });

  it('should refuse the first long-polling and SSE request and the WebSocket upgrade of a token without its principal’s cookie', async () => {
    server = await startHubServer();
    const upgrade = (token: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${server.hubUrl.replace('http', 'ws')}?id=${token}`, { headers });
        ws.once('open', () => {
          ws.terminate();
          resolve(101);
        });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', reject);
      });
    for (const intruder of INTRUDERS) {
      const { connectionToken } = await negotiate(server);
      await expectRefused(await fetch(`${server.hubUrl}?id=${connectionToken}`, { headers: intruder.headers }), intruder.code);
      await expectRefused(
        await fetch(`${server.hubUrl}?id=${connectionToken}`, { headers: { ...intruder.headers, Accept: 'text/event-stream' } }),
        intruder.code,
      );
      expect(await upgrade(connectionToken, intruder.headers)).toBe(403);
      // The refusals did not use the token up: its own principal still opens it.
      expect(await upgrade(connectionToken, { cookie: OWNER })).toBe(101);
    }
  });

  it('should accept the same principal with another session (a second tab after a new login) and keep 404 for an unknown id', async () => {
    server = await startHubServer();
    const { connectionToken } = await negotiate(server);
    const url = `${server.hubUrl}?id=${connectionToken}`;
    expect((await fetch(url, { headers: { cookie: OWNER } })).status).toBe(200);
    const secondTab = { headers: { cookie: `${OWNER}; tab=2` } };
    expect((await fetch(url, { ...secondTab, method: 'POST', body: HANDSHAKE })).status).toBe(200);
    expect(await (await fetch(url, secondTab)).text()).toBe(`{}${RS}`);
    const unknown = `${server.hubUrl}?id=${connectionToken.slice(0, -4)}AAAA`;
    expect((await fetch(unknown, { headers: { cookie: 'who=participant:p2' }, method: 'POST', body: HANDSHAKE })).status).toBe(404);
    expect((await fetch(unknown, { headers: { cookie: 'who=participant:p2' }, method: 'DELETE' })).status).toBe(404);
    expect((await fetch(url, { ...secondTab, method: 'DELETE' })).status).toBe(202);
  });

  it('should authenticate a connection’s cookie once per revalidation interval, not for every send and poll, and refuse it once its session ended', async () => {
    let clock = 1_000_000;
    const ended = new Set<string>();
    const calls: string[] = [];
    const authenticate = async (req: IncomingMessage): Promise<HubPrincipal | null> => {
      const cookie = req.headers.cookie ?? '';
      calls.push(cookie);
      if (ended.has(cookie)) return null;
      if (cookie.includes('session=broken')) throw new Error('session table unreachable');
      return cookieAuth(req);
    };
    server = await startHubServer({ authenticate, now: () => clock, revalidateIntervalMs: 1_000 });
    const cookie = `${OWNER}; session=a`;
    const { connectionToken } = await negotiate(server, cookie);
    const url = `${server.hubUrl}?id=${connectionToken}`;
    const owner = { headers: { cookie } };
    expect((await fetch(url, owner)).status).toBe(200);
    expect(calls).toHaveLength(2); // negotiate and the first poll
    expect((await fetch(url, { ...owner, method: 'POST', body: HANDSHAKE })).status).toBe(200);
    expect(await (await fetch(url, owner)).text()).toBe(`{}${RS}`);
    for (let i = 0; i < 10; i++) {
      expect((await fetch(url, { ...owner, method: 'POST', body: invocation(`n${i}`, `m${i}`) })).status).toBe(200);
      expect(await (await fetch(url, owner)).text()).toContain(`"invocationId":"n${i}"`);
    }
    expect(calls).toHaveLength(2);
    // The session behind the cookie ends (signed out, expired): refused once the interval has passed.
    ended.add(cookie);
    clock += 1_001;
    await expectRefused(await fetch(url, { ...owner, method: 'POST', body: invocation('late', 'late') }), 'NotAuthenticated');
    expect(server.events).not.toContain('record:late');
    // A session that cannot be checked fails closed with 503; the client's reconnect tries again.
    const broken = await fetch(url, { headers: { cookie: `${OWNER}; session=broken` }, method: 'POST', body: invocation('b', 'b') });
    expect(broken.status).toBe(503);
    expect(server.events).not.toContain('record:b');
  });

  it.each([
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
    ['long polling', HttpTransportType.LongPolling],
  ])('should let the official client on %s invoke and receive with its own cookie', async (_name, transport) => {
    server = await startHubServer();
    const client = buildClient(server.hubUrl, { transport });
    await client.start();
    for (let i = 0; i < 5; i++) await expect(client.invoke('Add', i, 1)).resolves.toBe(i + 1);
    await client.invoke('Join', 'room');
    const message = new Promise((resolve) => client.on('Message', resolve));
    await server.hub.sendToGroup('room', 'Message', ['hallo']);
    await expect(message).resolves.toBe('hallo');
    await client.stop();
    await eventually(() => server.hub.connectionCount() === 0);
  });
});
