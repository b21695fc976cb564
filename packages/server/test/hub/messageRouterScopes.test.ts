// Groups named `scope/rest` share their scope's backplane channel: one publish per scope, and every process with a
// member in any of the scope's groups hears it – but only the members of the groups named in the payload get it.
import { describe, expect, it } from 'vitest';
import { createInMemoryBackplane, type Backplane } from '../../src/hub/index.js';
import type { HubConnection } from '../../src/hub/hubConnection.js';
import { MessageRouter, scopeOf } from '../../src/hub/messageRouter.js';
import type { OutgoingRecords } from '../../src/hub/transportSink.js';

const logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
const settled = () => new Promise((resolve) => setImmediate(resolve));

function fakeConnection(connectionId: string) {
  const received: OutgoingRecords[] = [];
  const closed: { reason: string; allowReconnect: boolean }[] = [];
  const connection = {
    connectionId,
    groups: new Set<string>(),
    state: 'open',
    context: {},
    send: (records: OutgoingRecords) => void received.push(records),
    close: (reason: string, allowReconnect: boolean) => void closed.push({ reason, allowReconnect }),
  };
  return { connection: connection as unknown as HubConnection, received, closed };
}

/** Counts publishes and tracks the subscribed channels of an in-memory backplane. */
function observed(inner: Backplane) {
  const published: string[] = [];
  const active = new Set<string>();
  const backplane: Backplane = {
    ...inner,
    publish: (channel, payload) => (published.push(channel), inner.publish(channel, payload)),
    subscribe: (channel, onMessage) => (active.add(channel), inner.subscribe(channel, onMessage)),
    unsubscribe: (channel, onMessage) => (active.delete(channel), inner.unsubscribe?.(channel, onMessage) ?? Promise.resolve()),
  };
  return { backplane, published, active };
}

describe('hub scopes on the backplane', () => {
  it('should name the scope by the part before the first slash', () => {
    expect(scopeOf('case:1/chat:2')).toBe('case:1');
    expect(scopeOf('lawyers')).toBe('lawyers');
  });

  it('should reach a process whose only member is in the chat group with the one publish of the case scope', async () => {
    const shared = createInMemoryBackplane();
    const { backplane, published } = observed(shared);
    const clientSide = new MessageRouter(backplane, logger);
    const lawyerSide = new MessageRouter(backplane, logger);
    const client = fakeConnection('c');
    const lawyer = fakeConnection('l');
    await clientSide.register(client.connection);
    await lawyerSide.register(lawyer.connection);
    await clientSide.addToGroup('c', 'case:1');
    await lawyerSide.addToGroup('l', 'case:1/chat:1');
    published.length = 0;
    await clientSide.sendToGroups(['case:1', 'case:1/chat:1'], 'record\u001e', 'c');
    await settled();
    expect(published).toEqual(['hub:scope:case:1']);
    expect(lawyer.received.map((r) => r.text)).toEqual(['record\u001e']);
    expect(client.received).toHaveLength(0);
    await shared.close();
  });

  it('should deliver only to the groups a payload names, not to the other groups of its scope', async () => {
    const shared = createInMemoryBackplane();
    const router = new MessageRouter(shared, logger);
    const client = fakeConnection('c');
    const lawyer = fakeConnection('l');
    const otherChat = fakeConnection('o');
    for (const { connection } of [client, lawyer, otherChat]) await router.register(connection);
    await router.addToGroup('c', 'case:1');
    await router.addToGroup('l', 'case:1/chat:1');
    await router.addToGroup('o', 'case:1/chat:2');
    await router.sendToGroups(['case:1/chat:1'], 'only the lawyer\u001e');
    await router.closeGroup('case:1/chat:2', 'Chat beendet');
    await settled();
    expect(lawyer.received.map((r) => r.text)).toEqual(['only the lawyer\u001e']);
    expect(client.received).toHaveLength(0);
    expect(otherChat.received).toHaveLength(0);
    expect(otherChat.closed).toEqual([{ reason: 'Chat beendet', allowReconnect: false }]);
    expect(client.closed).toHaveLength(0);
    expect(lawyer.closed).toHaveLength(0);
    await shared.close();
  });

  it('should keep the scope channel while any of its groups has a local member and release it after the last', async () => {
    const { backplane, active } = observed(createInMemoryBackplane());
    const router = new MessageRouter(backplane, logger);
    const client = fakeConnection('c');
    const lawyer = fakeConnection('l');
    await router.register(client.connection);
    await router.register(lawyer.connection);
    await router.addToGroup('c', 'case:1');
    await router.addToGroup('l', 'case:1/chat:1');
    await router.removeFromGroup('c', 'case:1');
    expect(active.has('hub:scope:case:1')).toBe(true);
    await router.removeFromGroup('l', 'case:1/chat:1');
    expect(active.has('hub:scope:case:1')).toBe(false);
    await backplane.close();
  });

  it('should refuse group names that cannot travel in a payload', async () => {
    const router = new MessageRouter(createInMemoryBackplane(), logger);
    const client = fakeConnection('c');
    await router.register(client.connection);
    await expect(router.addToGroup('c', 'case 1')).rejects.toThrow(/no spaces or commas/);
    await expect(router.addToGroup('c', 'case:1,case:2')).rejects.toThrow(/no spaces or commas/);
  });
});
