// What the platform's own services need at run time: the part of the app context that knows no feature.
// Platform code depends on this, never on the composition root's AppContext, so dependencies point inward.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Mailer } from './mail/index.js';
import type { MalwareScanner } from './files/malwareScan.js';
import type { AppMetrics } from './metrics.js';
import type { SessionStore } from './sessions.js';
import type { Db, Engine } from './storage/database.js';

export interface PlatformContext {
  readonly config: Config;
  readonly db: Db;
  readonly engine: Engine;
  readonly clock: Clock;
  readonly sessions: SessionStore;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly metrics: AppMetrics;
  readonly uploadDir: string;
  /** Scans every upload before it is stored (CLAMD_SOCKET; off when unset). */
  readonly malwareScanner: MalwareScanner;
  /** Shared rate-limit store when REDIS_URL is set; null → in memory per process. */
  readonly rateLimitRedis?: Redis | null;
}
