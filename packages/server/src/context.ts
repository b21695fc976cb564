// Everything a route or hub method needs, built once by app.ts (the composition root).
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './platform/config.js';
import type { Clock } from './platform/clock.js';
import type { MessageWriter } from './features/chat/messageWriter.js';
import type { SessionStore } from './platform/sessions.js';
import type { Hub } from './hub/hub.types.js';
import type { Mailer } from './platform/mail/index.js';
import type { AppMetrics } from './platform/metrics.js';
import type { Db, Engine } from './platform/storage/database.js';

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
