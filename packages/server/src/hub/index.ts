/**
 * SignalR hub server (JSON hub protocol over WebSockets, Server-Sent Events and long
 * polling, negotiate v1) for node:http, with an optional Redis backplane. See README.md.
 */
export type { Backplane, Hub, HubOptions, HubPrincipal } from './hub.types.js';
export { HubError } from './hub-error.js';
export { createHub } from './create-hub.js';
export { defineMethod } from './define-method.js';
export { createInMemoryBackplane } from './in-memory-backplane.js';
export { createRedisBackplane } from './redis-backplane.js';
export { awaitBackplaneReady } from './backplane-ready.js';
export { createRedisUsedConnectionIds } from './used-connection-ids.js';
