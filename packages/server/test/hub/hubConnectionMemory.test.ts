import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClient, startHubServer, type TestHubServer } from '../support/hubTestServer.js';

// A full garbage collection on demand, without starting the test process with --expose-gc.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

async function settledGarbageCollection(): Promise<void> {
  // A WeakRef keeps its target until the current job ends: collect after a turn of the event loop, twice.
  for (let round = 0; round < 2; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
}

describe('memory of open hub connections', () => {
  let server: TestHubServer;
  afterEach(async () => {
    await server.close();
  });

  it('should not keep the upgrade request (headers, cookies) alive for the life of a WebSocket connection', async () => {
    server = await startHubServer();
    const client = buildClient(server.hubUrl);
    await client.start();
    await expect(client.invoke('Echo', 'offen')).resolves.toBe('offen');
    expect(server.upgradeRequests).toHaveLength(1);

    await settledGarbageCollection();

    expect(server.upgradeRequests[0]?.deref()).toBeUndefined();
    await expect(client.invoke('Echo', 'noch offen')).resolves.toBe('noch offen');
    await client.stop();
  });
});
