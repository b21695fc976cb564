// Two server processes sharing PostgreSQL and a Redis backplane (scale-out), and the two people the
// scale-out tests put on them: a participant signed in on one instance and a lawyer on the other.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { DEMO_INSURANCE_NUMBER, DEMO_LAWYERS, DEMO_PASSWORD } from '../../src/seed.js';
import { spawnServer, type ChildServer, type SpawnOptions } from '../support/childServer.js';
import { CookieClient } from '../support/cookieClient.js';
import { waitUntil } from '../support/hubClient.js';
import { tempDir } from '../support/testApp.js';

export interface TwoInstances {
  readonly a: ChildServer;
  readonly b: ChildServer;
  stop(): Promise<void>;
}

export interface TwoInstancesOptions {
  readonly databaseUrl: string;
  readonly redisUrl?: string;
  /** Names the run's Redis keys and channels, so runs on one Redis never meet. */
  readonly redisPrefix: string;
  readonly entry?: SpawnOptions['entry'];
  /** One data folder for both (uploads written on one instance are read on the other), as in compose.yaml. */
  readonly sharedDataDir?: boolean;
  /** More environment for both processes (e.g. TRUST_PROXY). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Starts A, waits until it has seeded the demo data (so B finds it), then starts B. */
export async function startTwoInstances(options: TwoInstancesOptions): Promise<TwoInstances> {
  const dirs = options.sharedDataDir ? [tempDir()] : [tempDir(), tempDir()];
  const shared = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `${options.redisPrefix}-${crypto.randomBytes(4).toString('hex')}:`,
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    ...options.env,
  };
  const spawnOptions = options.entry ? { entry: options.entry } : {};
  const a = await spawnServer({ ...shared, DATA_DIR: dirs[0] ?? '' }, spawnOptions);
  await waitUntil(() => (a.output().includes('Demo-Zugänge') ? true : undefined), 'seeding on A', 15_000);
  const b = await spawnServer({ ...shared, DATA_DIR: dirs[dirs.length - 1] ?? '' }, spawnOptions);
  return {
    a,
    b,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo insured person, signed in on the web origin and the chat host of `server`. */
export async function signInParticipant(server: ChildServer): Promise<CookieClient> {
  const client = new CookieClient();
  await client.post(`${server.webUrl}/api/authentication/customer`, {
    InsuranceNumber: Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64'),
    AgreedPrivacy: true,
    AgreedTermsOfService: true,
  });
  await client.post(`${server.chatUrl}/api/login`, { Value: (await client.get(`${server.webUrl}/api/chat/session`)).text });
  return client;
}

/** A demo lawyer, signed in on the chat host of `server`. */
export async function signInLawyer(server: ChildServer, lawyer: (typeof DEMO_LAWYERS)[number] = DEMO_LAWYERS[0]): Promise<CookieClient> {
  const client = new CookieClient();
  const res = await client.post(`${server.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`lawyer login failed: ${res.status} ${res.text}`);
  return client;
}
