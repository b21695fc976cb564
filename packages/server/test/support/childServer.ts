// Runs the real entry point as a child process: src/main.ts as `npm start` would, or the production bundle
// dist/main.js as `npm run start:prod` would – through the shared helper of every harness (testing/serverProcess.ts).
import type { ChildProcess } from 'node:child_process';
import { DEMO_INSURANCE_NUMBER } from '../../src/seed.js';
import { CookieClient } from './cookieClient.js';
import { startServerProcess } from '../../testing/serverProcess.js';

export interface ChildServer {
  readonly webUrl: string;
  readonly chatUrl: string;
  readonly webOrigin: string;
  readonly process: ChildProcess;
  output(): string;
  /** kill -9: no shutdown code runs. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** 'source' runs src/main.ts through tsx; 'built' runs dist/main.js with plain Node (build it first). */
  readonly entry?: 'source' | 'built';
  /** Fixed ports, so a restarted instance comes back on the same addresses (its clients reconnect there). */
  readonly ports?: { readonly port: number; readonly chatPort: number };
}

/** `env` names DATA_DIR (kept on stop); the demo data is not read here (callers seed or log in themselves). */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ChildServer> {
  const server = await startServerProcess({
    hostName: 'localhost',
    ...(env.DATA_DIR !== undefined ? { dataDir: env.DATA_DIR } : {}),
    ...(options.ports ? { ports: { web: options.ports.port, chat: options.ports.chatPort } } : {}),
    ...(options.entry ? { entry: options.entry } : {}),
    env,
    seed: false,
    logLines: Number.POSITIVE_INFINITY,
  });
  return {
    webUrl: `http://127.0.0.1:${server.ports.web}`,
    chatUrl: `http://127.0.0.1:${server.ports.chat}`,
    webOrigin: server.webUrl,
    process: server.process,
    output: () => server.logTail(),
    kill9: () => server.kill9(),
    stop: () => server.stop(),
  };
}

/** The demo client signed in on the spawned server: web session, then the chat host session by its ticket. */
export async function participantSession(server: ChildServer): Promise<CookieClient> {
  const http = new CookieClient();
  await http.post(`${server.webUrl}/api/authentication/customer`, {
    InsuranceNumber: Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64'),
    AgreedPrivacy: true,
    AgreedTermsOfService: true,
  });
  const ticket = await http.get(`${server.webUrl}/api/chat/session`);
  await http.post(`${server.chatUrl}/api/login`, { Value: ticket.text });
  return http;
}
