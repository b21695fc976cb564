// Everything a route or hub method needs, built once by app.ts (the composition root):
// the platform's services plus the two run-time pieces that belong to features (message writer, hub).
import type { FastifyPluginAsync } from 'fastify';
import type { MessageWriter } from './features/chat/index.js';
import type { Hub } from './hub/hub.types.js';
import type { DiskSpace, DiskSpaceCheck } from './platform/diskSpace.js';
import type { PlatformContext } from './platform/platformContext.js';

export interface AppContext extends PlatformContext {
  /** Durable message appends (group commit on SQLite). */
  readonly messages: MessageWriter;
  /** Set right after the hub is created; routes use it only while serving requests. */
  hub: Hub | null;
  /** With REDIS_URL: whether the backplane between the instances is live right now; null for a single instance. */
  readonly backplaneUp: (() => boolean) | null;
  /** DATA_DIR's free space, cached for a few seconds (/healthz, /metrics). */
  readonly diskSpace: DiskSpaceCheck;
  /** True from the first SIGTERM on (the drain before shutdown): /healthz answers 503 `{"Status":"draining"}`. */
  readonly draining: () => boolean;
}

/** The body of `/healthz` (both origins): see healthOf. */
export interface Health {
  readonly Status: 'ok' | 'degraded' | 'disk-full' | 'draining';
  readonly Backplane?: 'up' | 'down';
  /** DATA_DIR's free space: `low` under the threshold of platform/diskSpace.ts; absent when it cannot be read. */
  readonly Disk?: 'ok' | 'low';
}

/**
 * The body of `/healthz` (both origins). A backplane outage is „degraded“ but still 200: every instance shares the one
 * Redis, so a 503 would take all of them out of a load balancer at once, while each still serves its own clients;
 * monitoring alerts on the body or on `rechtschat_backplane_up` (docs/operations.md „Überwachung und Logs“). A (nearly)
 * full DATA_DIR is `disk-full` with 503: writes (messages, uploads) fail there, while reads still work. While the
 * process drains before it stops, `draining` – answered with 503 (healthStatus), so the load balancer sends no more.
 */
export function healthOf(ctx: AppContext, disk: DiskSpace | null): Health {
  if (ctx.draining()) return { Status: 'draining' };
  const backplane = ctx.backplaneUp === null ? undefined : ctx.backplaneUp() ? 'up' : 'down';
  const status = disk?.low === true ? 'disk-full' : backplane === 'down' ? 'degraded' : 'ok';
  return {
    Status: status,
    ...(backplane === undefined ? {} : { Backplane: backplane }),
    ...(disk === null ? {} : { Disk: disk.low ? 'low' : 'ok' }),
  };
}

/** The status code of a `/healthz` body: 503 while draining or with the disk (nearly) full. */
export const healthStatus = (health: Health): 200 | 503 => (health.Status === 'draining' || health.Status === 'disk-full' ? 503 : 200);

export function hubOf(ctx: AppContext): Hub {
  if (ctx.hub === null) throw new Error('hub not initialised');
  return ctx.hub;
}

/** The two HTTP origins: the web app's (pages, product and case-file API) and the chat host's (chat, lawyer and admin API, hub). */
export type Origin = 'web' | 'chatHost';

/** What app.ts gives every feature's plugin, once per origin (docs/server.md). */
export interface FeatureOptions {
  readonly ctx: AppContext;
  /** The origin being built: the feature registers the routes it serves there, and nothing on the other. */
  readonly origin: Origin;
}

/** A feature's one entry point (features/<name>/index.ts): its routes on both origins and any background work. */
export type FeaturePlugin = FastifyPluginAsync<FeatureOptions>;
