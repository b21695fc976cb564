// The soak's system under test: two server processes (the real entry point) on one PostgreSQL schema and a
// private redis-server, each on fixed loopback ports so a killed instance comes back where its clients
// reconnect. Every log line is kept per instance (across restarts) to count 5xx answers afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { spawnServer, type ChildServer } from '../test/support/childServer.js';
import { createTestSchema, type TestSchema } from '../test/support/postgres.js';
import { startRedisServer, type RedisServer } from '../test/support/redisServer.js';
import { freePort, tempDir } from '../test/support/testApp.js';

export interface Instance {
  readonly name: 'A' | 'B';
  readonly dataDir: string;
  readonly chatUrl: string;
  readonly webUrl: string;
  /** Everything the instance printed, over all its lives. */
  log(): string;
  kill9(): Promise<void>;
  restart(): Promise<void>;
  readonly running: boolean;
}

export interface Cluster {
  readonly schema: TestSchema;
  readonly redis: RedisServer;
  readonly instances: readonly [Instance, Instance];
  readonly sessionSecret: string;
  stop(): Promise<void>;
}

async function startInstance(name: 'A' | 'B', env: Record<string, string>): Promise<Instance> {
  const ports = { port: await freePort(), chatPort: await freePort() };
  const dataDir = tempDir(`rechtschat-soak-${name}-`);
  const fullEnv = { ...env, DATA_DIR: dataDir };
  let child: ChildServer | null = await spawnServer(fullEnv, { ports });
  let earlier = '';
  return {
    name,
    dataDir,
    chatUrl: `http://127.0.0.1:${ports.chatPort}`,
    webUrl: `http://127.0.0.1:${ports.port}`,
    log: () => earlier + (child?.output() ?? ''),
    get running() {
      return child !== null;
    },
    async kill9() {
      if (!child) return;
      await child.kill9();
      earlier += child.output();
      child = null;
    },
    async restart() {
      if (child) return;
      child = await spawnServer(fullEnv, { ports });
    },
  };
}

export async function startCluster(): Promise<Cluster> {
  const schema = await createTestSchema();
  const redis = await startRedisServer();
  const sessionSecret = crypto.randomBytes(24).toString('hex');
  // LOG_LEVEL info: Fastify logs every response with its status code, which is what the 5xx count reads.
  const env = {
    DATABASE_URL: schema.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `rc-soak-${crypto.randomBytes(4).toString('hex')}:`,
    SESSION_SECRET: sessionSecret,
    LOG_LEVEL: 'info',
  };
  let a: Instance | undefined;
  let b: Instance | undefined;
  try {
    a = await startInstance('A', env);
    b = await startInstance('B', env);
  } catch (error) {
    // Leave nothing behind when a start fails: the private Redis, the schema and a started instance.
    await a?.kill9();
    await redis.stop();
    await schema.drop();
    throw error;
  }
  return {
    schema,
    redis,
    instances: [a, b],
    sessionSecret,
    async stop() {
      await Promise.allSettled([a.kill9(), b.kill9()]);
      await redis.stop();
      await schema.drop();
      for (const instance of [a, b]) removeDir(instance.dataDir);
    },
  };
}

/** HTTP answers with status ≥ 500 and hub method failures an instance logged. */
export function serverErrors(log: string): { http5xx: number; hubFailures: number } {
  let http5xx = 0;
  let hubFailures = 0;
  for (const line of log.split('\n')) {
    if (/"statusCode":5\d\d/.test(line)) http5xx += 1;
    if (line.includes('"msg":"hub method failed"')) hubFailures += 1;
  }
  return { http5xx, hubFailures };
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
