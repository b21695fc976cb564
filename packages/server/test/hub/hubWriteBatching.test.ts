// Batched socket writes: what one burst of work produces for a socket leaves in one frame
// (several records, each ending in 0x1E), and a group send to several groups reaches each.
import { afterEach, describe, expect, it } from 'vitest';
import { completionFor, connectWithHandshake, RS } from '../support/rawHubClient.js';
import { startHubServer, type TestHubServer } from '../support/hubTestServer.js';

describe('hub socket writes', () => {
  let server: TestHubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('should send a group message and the completion of the call that caused it in one frame', async () => {
    server = await startHubServer();
    const client = await connectWithHandshake(server, 'participant:batch');
    client.send(`{"type":1,"invocationId":"j","target":"Join","arguments":["gruppe"]}${RS}`);
    await client.waitFor(completionFor('j'));
    const frames: string[] = [];
    client.ws.on('message', (data: Buffer) => frames.push(data.toString()));
    client.send(`{"type":1,"invocationId":"b","target":"Broadcast","arguments":["gruppe","Hallo"]}${RS}`);
    await client.waitFor(completionFor('b'));
    expect(frames).toHaveLength(1);
    const records = (frames[0] ?? '')
      .split(RS)
      .slice(0, -1)
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(records).toEqual([
      { type: 1, target: 'Message', arguments: ['Hallo'] },
      { type: 3, invocationId: 'b' },
    ]);
  });

  it('should deliver one sendToGroups call to the members of every group named', async () => {
    server = await startHubServer();
    const a = await connectWithHandshake(server, 'participant:a');
    const b = await connectWithHandshake(server, 'lawyer:b');
    a.send(`{"type":1,"invocationId":"1","target":"Join","arguments":["case:1"]}${RS}`);
    b.send(`{"type":1,"invocationId":"2","target":"Join","arguments":["chat:1"]}${RS}`);
    await Promise.all([a.waitFor(completionFor('1')), b.waitFor(completionFor('2'))]);
    await server.hub.sendToGroups(['case:1', 'chat:1'], 'DistributeMessage', [{ Message: 'Beide Seiten' }]);
    const isMessage = (record: Record<string, unknown>) => record.target === 'DistributeMessage';
    for (const client of [a, b]) expect((await client.waitFor(isMessage)).arguments).toEqual([{ Message: 'Beide Seiten' }]);
  });

  it('should write records queued for a socket before the Close that ends it', async () => {
    server = await startHubServer();
    const client = await connectWithHandshake(server, 'participant:closing');
    client.send(`{"type":1,"invocationId":"j","target":"Join","arguments":["ende"]}${RS}`);
    await client.waitFor(completionFor('j'));
    await server.hub.sendToGroup('ende', 'Message', ['Letzte Nachricht']);
    await server.hub.disconnectPrincipal({ kind: 'participant', id: 'closing' }, 'Sitzung beendet');
    await client.closed;
    const tail = client.records.slice(-2);
    expect(tail).toEqual([
      { type: 1, target: 'Message', arguments: ['Letzte Nachricht'] },
      { type: 7, error: 'Sitzung beendet', allowReconnect: false },
    ]);
  });
});
