/**
 * SignalR hub server (JSON hub protocol over WebSockets, Server-Sent Events and long
 * polling, negotiate v1) for node:http, with an optional Redis backplane. See README.md.
 */
export type { Backplane, Hub, HubOptions, HubPrincipal, SharedWindowCounter } from './hub.types.js';
export { HubError } from './hubError.js';
export { mayHoldUnstorableText, unstorableTextIn } from './unstorableText.js';
export { createHub } from './createHub.js';
export { defineMethod } from './defineMethod.js';
export { createInMemoryBackplane } from './inMemoryBackplane.js';
export { createRedisBackplane } from './redisBackplane.js';
export { awaitBackplaneReady } from './backplaneReady.js';
export { createRedisUsedConnectionIds } from './usedConnectionIds.js';
