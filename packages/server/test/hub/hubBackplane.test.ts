import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { createInMemoryBackplane, createRedisBackplane, type Backplane } from '../../src/hub/index.js';
import { buildClient, nextCall, startHubServer, type TestHubServer } from '../support/hubTestServer.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

interface Cluster {
  readonly a: TestHubServer;
  readonly b: TestHubServer;
}

describe.each([
  [
    'in-memory backplane',
    () => {
      const shared = createInMemoryBackplane();
      return [shared, shared] as const;
    },
  ],
  [
    'Redis backplane',
    () => {
      // A random prefix keeps parallel test runs on the shared Redis apart.
      const prefix = `test:${randomBytes(6).toString('hex')}:`;
      return [createRedisBackplane(REDIS_URL, { channelPrefix: prefix }), createRedisBackplane(REDIS_URL, prefix)] as const;
    },
  ],
])('hub scale-out over the %s (two hubs on two HTTP servers)', (_name, makeBackplanes) => {
  let cluster: Cluster | undefined;
  let backplanes: readonly Backplane[] = [];

  async function start(): Promise<Cluster> {
    backplanes = makeBackplanes();
    const [first, second] = backplanes;
    // As the server does before it listens: a client that joined before Redis was up would be resynced.
    await Promise.all(backplanes.map((backplane) => backplane.ready?.()));
    cluster = { a: await startHubServer({ backplane: first }), b: await startHubServer({ backplane: second }) };
    return cluster;
  }

  afterEach(async () => {
    await cluster?.a.close();
    await cluster?.b.close();
    await Promise.all([...new Set(backplanes)].map((backplane) => backplane.close()));
    cluster = undefined;
  });

  it('should deliver a group message sent on B to a client connected to A', async () => {
    const { a, b } = await start();
    const onA = buildClient(a.hubUrl, { who: 'participant:on-a' });
    const onB = buildClient(b.hubUrl, { who: 'lawyer:on-b', transport: HttpTransportType.LongPolling });
    await Promise.all([onA.start(), onB.start()]);
    await onA.invoke('Join', 'chat-x');
    await onB.invoke('Join', 'chat-x');
    const atA = nextCall(onA, 'Message');
    const atB = nextCall(onB, 'Message');
    await onB.invoke('Broadcast', 'chat-x', 'von B');
    await expect(Promise.all([atA, atB])).resolves.toEqual([['von B'], ['von B']]);
    await Promise.all([onA.stop(), onB.stop()]);
  });

  it('should route connection and principal sends, remote group changes and disconnects across processes', async () => {
    const { a, b } = await start();
    const client = buildClient(a.hubUrl, { who: 'participant:roamer', reconnectDelays: [0] });
    await client.start();
    const connectionId = client.connectionId ?? '';

    const direct = nextCall(client, 'Direct');
    await b.hub.sendToConnection(connectionId, 'Direct', [1]);
    await expect(direct).resolves.toEqual([1]);

    const personal = nextCall(client, 'Personal');
    await b.hub.sendToPrincipal({ kind: 'participant', id: 'roamer' }, 'Personal', ['für Sie']);
    await expect(personal).resolves.toEqual(['für Sie']);

    await b.hub.addToGroup(connectionId, 'remote-group');
    // The remote join is applied asynchronously by A; echo through A's queue until it is in place.
    await expect
      .poll(async () => {
        const got = nextCall(client, 'Message');
        await b.hub.sendToGroup('remote-group', 'Message', ['drin']);
        return Promise.race([got, new Promise((resolve) => setTimeout(() => resolve(null), 100))]);
      })
      .toEqual(['drin']);

    const closed = new Promise<Error | undefined>((resolve) => client.onclose(resolve));
    await b.hub.disconnectPrincipal({ kind: 'participant', id: 'roamer' }, 'Sitzung beendet.');
    await expect(closed).resolves.toHaveProperty('message', 'Server returned an error on close: Sitzung beendet.');
  });

  it("should close only the connections opened with one session, on every process, and all but one session's", async () => {
    backplanes = makeBackplanes();
    await Promise.all(backplanes.map((backplane) => backplane.ready?.()));
    // The session of a connection: here the `s` parameter of its URL (the app reads its cookie).
    const sessionOf = (req: { url?: string }) => new URL(req.url ?? '/', 'http://hub.invalid').searchParams.get('s') ?? undefined;
    cluster = { a: await startHubServer({ backplane: backplanes[0], sessionOf }), b: await startHubServer({ backplane: backplanes[1], sessionOf }) };
    const { a, b } = cluster;
    const clients = {
      laptopOnA: buildClient(`${a.hubUrl}?s=laptop`, { who: 'lawyer:ann' }),
      phoneOnA: buildClient(`${a.hubUrl}?s=phone`, { who: 'lawyer:ann' }),
      laptopOnB: buildClient(`${b.hubUrl}?s=laptop`, { who: 'lawyer:ann', transport: HttpTransportType.LongPolling }),
      officeOnB: buildClient(`${b.hubUrl}?s=office`, { who: 'lawyer:ann' }),
      colleagueOnB: buildClient(`${b.hubUrl}?s=laptop`, { who: 'lawyer:ben' }),
    };
    const closed: string[] = [];
    for (const [name, client] of Object.entries(clients)) client.onclose(() => void closed.push(name));
    await Promise.all(Object.values(clients).map((client) => client.start()));
    const settle = async (what: string, expected: string[]) => {
      await expect.poll(() => [...closed].sort(), { timeout: 3000, message: what }).toEqual(expected);
      await new Promise((r) => setTimeout(r, 200));
      expect([...closed].sort()).toEqual(expected);
    };

    await a.hub.disconnectSession({ kind: 'lawyer', id: 'ann' }, 'laptop', 'Anmeldung beendet.');
    await settle('the laptop session closed on both processes', ['laptopOnA', 'laptopOnB']);
    await b.hub.disconnectSession({ kind: 'lawyer', id: 'ann' }, { except: 'phone' }, 'Anmeldung beendet.');
    await settle('all but the phone closed', ['laptopOnA', 'laptopOnB', 'officeOnB']);
    expect(clients.phoneOnA.state).toBe('Connected');
    expect(clients.colleagueOnB.state).toBe('Connected');
    await expect(clients.phoneOnA.invoke('Echo', 1)).resolves.toBe(1);
    await Promise.all([clients.phoneOnA.stop(), clients.colleagueOnB.stop()]);
  });
});
