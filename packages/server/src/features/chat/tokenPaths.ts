// Chat paths whose last segment is a secret: the request log redacts them like a link token (platform/logger.ts).
import type { TokenPath } from '../../platform/logger.js';

/** The insurer's second-level link parameter rides in this path: the request log redacts it like a token. */
export const secondLevelTokenPath: TokenPath = { prefix: '/api/chat/secondLevel/param' };
