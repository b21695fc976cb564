// A record for several groups is encoded once: every member of every group gets the same bytes.
import { describe, expect, it } from 'vitest';
import { createInMemoryBackplane } from '../../src/hub/index.js';
import type { HubConnection } from '../../src/hub/hubConnection.js';
import { MessageRouter } from '../../src/hub/messageRouter.js';
import type { OutgoingRecords } from '../../src/hub/transportSink.js';

const logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

function fakeConnection(connectionId: string) {
  const received: OutgoingRecords[] = [];
  const connection = { connectionId, groups: new Set<string>(), state: 'open', send: (records: OutgoingRecords) => void received.push(records) };
  return { connection: connection as unknown as HubConnection, received };
}

describe('message router fan-out to several groups', () => {
  it('should hand every member of every group the same encoded record, once per group it is in', async () => {
    const router = new MessageRouter(undefined, logger);
    const participant = fakeConnection('p');
    const lawyer = fakeConnection('l');
    const bystander = fakeConnection('x');
    for (const { connection } of [participant, lawyer, bystander]) await router.register(connection);
    await router.addToGroup('p', 'case:1');
    await router.addToGroup('l', 'case:1/chat:1');
    await router.addToGroup('x', 'case:2/chat:2');
    await router.sendToGroups(['case:1', 'case:1/chat:1', 'empty'], 'record\u001e');
    expect(participant.received).toHaveLength(1);
    expect(lawyer.received).toHaveLength(1);
    expect(bystander.received).toHaveLength(0);
    expect(lawyer.received[0]).toBe(participant.received[0]);
    expect(participant.received[0]?.bytes.toString('utf8')).toBe('record\u001e');
  });

  it('should publish a send to several groups of one scope once through a backplane and deliver it to the local members', async () => {
    const backplane = createInMemoryBackplane();
    const published: string[] = [];
    const router = new MessageRouter({ ...backplane, publish: (channel, payload) => (published.push(channel), backplane.publish(channel, payload)) }, logger);
    const participant = fakeConnection('p');
    const lawyer = fakeConnection('l');
    await router.register(participant.connection);
    await router.register(lawyer.connection);
    await router.addToGroup('p', 'case:1');
    await router.addToGroup('l', 'case:1/chat:1');
    await router.sendToGroups(['case:1', 'case:1/chat:1'], 'record\u001e');
    expect(published).toEqual(['hub:scope:case:1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(participant.received.map((r) => r.text)).toEqual(['record\u001e']);
    expect(lawyer.received.map((r) => r.text)).toEqual(['record\u001e']);
    await backplane.close();
  });

  it('should leave out the sending connection but not the other connections of its group', async () => {
    const router = new MessageRouter(undefined, logger);
    const sendingTab = fakeConnection('p1');
    const otherTab = fakeConnection('p2');
    const lawyer = fakeConnection('l');
    for (const { connection } of [sendingTab, otherTab, lawyer]) await router.register(connection);
    await router.addToGroup('p1', 'case:1');
    await router.addToGroup('p2', 'case:1');
    await router.addToGroup('l', 'case:1/chat:1');
    await router.sendToGroups(['case:1', 'case:1/chat:1'], 'record\u001e', 'p1');
    expect(sendingTab.received).toHaveLength(0);
    expect(otherTab.received.map((r) => r.text)).toEqual(['record\u001e']);
    expect(lawyer.received.map((r) => r.text)).toEqual(['record\u001e']);
  });

  it('should carry the left-out connection through a backplane to every process', async () => {
    const backplane = createInMemoryBackplane();
    // Two processes on one backplane: the sender on the first, its other tab and the lawyer on the second.
    const first = new MessageRouter(backplane, logger);
    const second = new MessageRouter(backplane, logger);
    const sendingTab = fakeConnection('p1');
    const otherTab = fakeConnection('p2');
    const lawyer = fakeConnection('l');
    await first.register(sendingTab.connection);
    await second.register(otherTab.connection);
    await second.register(lawyer.connection);
    await first.addToGroup('p1', 'case:1');
    await second.addToGroup('p2', 'case:1');
    await second.addToGroup('l', 'case:1/chat:1');
    await first.sendToGroups(['case:1', 'case:1/chat:1'], 'record with spaces\u001e', 'p1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sendingTab.received).toHaveLength(0);
    expect(otherTab.received.map((r) => r.text)).toEqual(['record with spaces\u001e']);
    expect(lawyer.received.map((r) => r.text)).toEqual(['record with spaces\u001e']);
    await backplane.close();
  });
});
