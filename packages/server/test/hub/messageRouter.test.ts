import { afterEach, describe, expect, it } from 'vitest';
import { createInMemoryBackplane, type Backplane } from '../../src/hub/index.js';
import { buildClient, eventually, startHubServer, type TestHubServer } from '../support/hubTestServer.js';

/** Wraps a backplane and tracks which channels are currently subscribed. */
function trackingBackplane(inner: Backplane): Backplane & { readonly active: Set<string> } {
  const active = new Set<string>();
  return {
    active,
    publish: (channel, payload) => inner.publish(channel, payload),
    async subscribe(channel, onMessage) {
      active.add(channel);
      await inner.subscribe(channel, onMessage);
    },
    async unsubscribe(channel, onMessage) {
      active.delete(channel);
      await inner.unsubscribe?.(channel, onMessage);
    },
    close: () => inner.close(),
  };
}

describe('hub backplane subscriptions', () => {
  let server: TestHubServer;
  afterEach(async () => {
    await server.close();
  });

  it('should subscribe scope and connection channels while local members exist and release them afterwards', async () => {
    const backplane = trackingBackplane(createInMemoryBackplane());
    server = await startHubServer({ backplane });
    const client = buildClient(server.hubUrl, { who: 'participant:sub' });
    await client.start();
    await client.invoke('Join', 'case-1');
    const id = client.connectionId ?? '';
    expect([...backplane.active].sort()).toEqual(['hub:conn:' + id, 'hub:scope:case-1', 'hub:scope:principal:participant:sub']);
    await client.invoke('Leave', 'case-1');
    expect(backplane.active.has('hub:scope:case-1')).toBe(false);
    await client.stop();
    await eventually(() => backplane.active.size === 0);
  });
});
