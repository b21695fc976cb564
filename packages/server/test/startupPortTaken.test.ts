// A server whose port is taken fails its start and lets go of everything it opened (the other listener, the
// database, the background work), so the same data directory can start again on other ports – what the test
// harnesses do when another process takes a free port between the probe and the listen.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { freePort, tempDir } from './support/testApp.js';

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('start on a taken port', () => {
  const dir = tempDir();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const configFor = (port: number, chatPort: number) =>
    loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), CHAT_PORT: String(chatPort), DATA_DIR: path.join(dir, 'data') });
  const start = (port: number, chatPort: number) =>
    startApp({
      config: configFor(port, chatPort),
      logger: pino({ level: 'silent' }),
      staticDirs: { web: path.join(dir, 'web'), console: path.join(dir, 'console') },
    });

  it('should reject with EADDRINUSE, free the chat port it had taken and start again on the same data directory', async () => {
    const taken = await listenOn(0);
    const takenPort = (taken.address() as net.AddressInfo).port;
    const chatPort = await freePort();
    try {
      await expect(start(takenPort, chatPort)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      taken.close();
    }
    // The chat listener of the failed start is closed: the port can be listened on again.
    const probe = await listenOn(chatPort);
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const app = await start(await freePort(), await freePort());
    try {
      expect((await fetch(`${app.chatUrl}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
