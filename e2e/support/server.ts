// The journeys' server: the shared test helper (@rechtschat/server/testing) with the e2e settings –
// demo data as a new user sees it, both loopback names as web origins, its own SQLite data directory.
// It runs the built bundle (dist/main.js), as `npm start` does for users: through tsx every start, restart and seed
// and the PDF worker's first load cost the runner's CPU again (docs/performance.md, CI).
import { startServerProcess, type ServerProcess } from '@rechtschat/server/testing';

export type { SeedData } from '@rechtschat/server/testing';

export type ServerHandle = Pick<ServerProcess, 'webUrl' | 'chatUrl' | 'seed' | 'dataDir' | 'restart' | 'logTail' | 'stop'>;

export interface StartOptions {
  /** Extra environment, e.g. SERVICE_HOURS. */
  readonly env?: Readonly<Record<string, string>>;
}

export function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  return startServerProcess({
    hostName: 'localhost',
    entry: 'built',
    // A shared PostgreSQL/Redis from the surrounding shell must not leak in: every server gets its own SQLite file.
    dropInherited: ['DATABASE_URL', 'REDIS_URL', 'SERVICE_HOURS'],
    // The firm's phone and e-mail: the case-file login shows them as the way out of a forgotten or locked PIN.
    env: ({ web }) => ({
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      WEB_ORIGINS: `http://localhost:${web},http://127.0.0.1:${web}`,
      FIRM_PHONE: '+49 30 1234567',
      FIRM_EMAIL: 'mandantenservice@kanzlei-muster.example',
      ...options.env,
    }),
    // E2E_SERVER_LOG=1 shows the server's log lines while debugging a journey; errors always show.
    onOutput: (chunk, stream) => {
      if (stream === 'stderr') process.stderr.write(chunk);
      else if (process.env.E2E_SERVER_LOG) process.stdout.write(chunk);
    },
  });
}
