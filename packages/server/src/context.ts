// Everything a route or hub method needs, built once by app.ts (the composition root).
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Clock } from './domain/clock.js';
import type { MessageWriter } from './domain/messageWriter.js';
import type { SessionStore } from './domain/sessions.js';
import type { Hub } from './hub/hub.types.js';
import type { Mailer } from './mail/index.js';
import type { AppMetrics } from './metrics.js';
import type { Db, Engine } from './storage/database.js';

export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly engine: Engine;
  readonly clock: Clock;
  readonly sessions: SessionStore;
  /** Durable message appends (group commit on SQLite). */
  readonly messages: MessageWriter;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly metrics: AppMetrics;
  readonly uploadDir: string;
  /** Shared rate-limit store when REDIS_URL is set; null → in memory per process. */
  readonly rateLimitRedis?: Redis | null;
  /** Set right after the hub is created; routes use it only while serving requests. */
  hub: Hub | null;
}

export function hubOf(ctx: AppContext): Hub {
  if (ctx.hub === null) throw new Error('hub not initialised');
  return ctx.hub;
}
