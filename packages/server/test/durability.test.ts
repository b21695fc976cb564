// A message the server acknowledged survives kill -9 of the server process (the production bundle, dist/main.js).
import fs from 'node:fs';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, describe, expect, it } from 'vitest';
import { participantSession, spawnServer, type ChildServer } from './support/childServer.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { startRequest } from './support/flows.js';
import { tempDir } from './support/testApp.js';

describe('crash safety', () => {
  const dataDir = tempDir();
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('should keep an acknowledged message after kill -9 and a restart', async () => {
    server = await spawnServer({ DATA_DIR: dataDir }, { entry: 'built' });
    const http = await participantSession(server);
    const hub = await connectHub(server.chatUrl, http, { role: 'participant' });
    const ids = await hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    const acked = await hub.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Bitte nicht verlieren', 'durable-000001');
    await server.kill9();
    await hub.stop();

    server = await spawnServer({ DATA_DIR: dataDir }, { entry: 'built' });
    const again = await participantSession(server);
    const messages = await again.get<ChatMessage[]>(`${server.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(messages.status).toBe(200);
    expect(messages.body).toEqual([expect.objectContaining({ Id: acked.Id, Message: 'Bitte nicht verlieren' })]);
  }, 40_000);

  it('should exit cleanly on SIGTERM while a hub client is connected', async () => {
    if (!server) throw new Error('server from the previous test is missing');
    const hub = await connectHub(server.chatUrl, await participantSession(server), { role: 'participant' });
    let closed = false;
    hub.connection.onclose(() => void (closed = true));
    const exit = new Promise<number | null>((resolve) => server?.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    expect(await exit).toBe(0);
    await waitUntil(() => (closed || hub.connection.state !== 'Connected' ? true : undefined), 'client notices the shutdown');
    await hub.stop();
    server = undefined;
  }, 20_000);

  it('should exit cleanly on a SIGTERM that arrives while the demo data is still being seeded', async () => {
    // /healthz answers before the seed ends; a signal in that gap used to kill the process without its shutdown.
    const freshDir = tempDir();
    try {
      const fresh = await spawnServer({ DATA_DIR: freshDir }, { entry: 'built' });
      const exit = new Promise<number | null>((resolve) => fresh.process.once('exit', (code) => resolve(code)));
      fresh.process.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  }, 40_000);
});
