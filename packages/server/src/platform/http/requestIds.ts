// Request ids for the log: Fastify's default counts `req-1`, `req-2`… per listener, so the web origin's and the chat
// host's lines – and every restart's – carried the same ids, and an operator could not tell which request a line
// belonged to. Each listener now names its origin, and each process draws a random tag at start.
import crypto from 'node:crypto';

/** This process's tag: six base-36 characters from the CSPRNG (not secret: only to tell processes apart in a log). */
const PROCESS_TAG = crypto.randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6);

/** `web-3k9x0f-1`, `web-3k9x0f-2`, `chatHost-3k9x0f-1`, … – unique across both listeners and across restarts. */
export function createRequestIds(origin: 'web' | 'chatHost', tag: string = PROCESS_TAG): () => string {
  let counter = 0;
  return () => `${origin}-${tag}-${(++counter).toString(36)}`;
}
