// Everything a route or hub method needs, built once by app.ts (the composition root):
// the platform's services plus the two run-time pieces that belong to features (message writer, hub).
import type { MessageWriter } from './features/chat/groupCommit.js';
import type { Hub } from './hub/hub.types.js';
import type { PlatformContext } from './platform/platformContext.js';

export interface AppContext extends PlatformContext {
  /** Durable message appends (group commit on SQLite). */
  readonly messages: MessageWriter;
  /** Set right after the hub is created; routes use it only while serving requests. */
  hub: Hub | null;
}

export function hubOf(ctx: AppContext): Hub {
  if (ctx.hub === null) throw new Error('hub not initialised');
  return ctx.hub;
}
