// What is left of a request's body once the answer is out. Node reads it to its end and throws it away, so that the
// connection can carry the next request – for a declared 100 GB, or a chunked body that never ends, as long as the
// client sends (found from outside, 2026-12-03: an upload refused with 401 without a session, a text/plain body
// answered 415, a long poll's send to an unknown connection answered 404 – each kept the server reading 40 MB and more
// after its answer). Only a body whose declared length is within `maxBytes` may be read that way; for any other the
// answer closes the connection. Browsers always declare the length of what they send.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Whether the request declares a body length of at most `maxBytes` (a chunked body declares none). */
export function declaresLengthWithin(req: IncomingMessage, maxBytes: number): boolean {
  const declared = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (declared === undefined || Number(declared) <= maxBytes);
}

/** Called when a request arrives: an unbounded or oversized body makes whatever answer it gets close the connection. */
export function limitUnreadBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  if (!declaresLengthWithin(req, maxBytes)) res.setHeader('Connection', 'close');
}

/** Beyond the largest upload (MAX_UPLOAD_BYTES) a little for the multipart framing. */
export const unreadBodyLimit = (maxUploadBytes: number): number => maxUploadBytes + 64 * 1024;
