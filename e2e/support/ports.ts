// Free loopback ports for the e2e servers: asked from the OS, never fixed, so suites can run side by side.
import { createServer } from 'node:net';

/** A port that was free a moment ago (the OS picks it for a throw-away listener). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

export interface ServerPorts {
  readonly web: number;
  readonly chat: number;
}

/** Two distinct free ports: the web origin and the chat host. */
export async function freeServerPorts(): Promise<ServerPorts> {
  const web = await freePort();
  let chat = await freePort();
  while (chat === web) chat = await freePort();
  return { web, chat };
}
