/// <reference types="node" />
// Runs the real product server as a child process, as `npm start` would, through the shared test helper
// (@rechtschat/server/testing). That helper starts the server by path, so no server code enters the adapters.
import { startServerProcess, type SeedData } from '@rechtschat/server/testing';

/** What `npm run seed -- --json` prints (the demo accounts of the fresh data directory). */
export type DemoData = SeedData;

export interface ProductServer {
  /** Web origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly webUrl: string;
  /** Chat host base address with trailing slash, as GET /api/chat/url answers it. */
  readonly chatUrl: string;
  readonly demo: DemoData;
  stop(): Promise<void>;
}

/** Starts the server on free ports with a fresh SQLite data directory and reads the demo data. */
export async function startProductServer(): Promise<ProductServer> {
  const server = await startServerProcess({ env: { SERVICE_HOURS: 'always' } });
  return { webUrl: server.webUrl, chatUrl: server.chatUrl, demo: server.seed, stop: server.stop };
}
